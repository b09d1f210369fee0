/**
 * A temporary gallery of the design-system primitives, so they can be reviewed and
 * screenshotted in one place. Not linked from the product.
 */
import type { Metadata } from "next";
import {
  BookmarkIcon,
  FlameIcon,
  HeartIcon,
  LogOutIcon,
  MoreHorizontalIcon,
  PlayIcon,
  SettingsIcon,
  Trash2Icon,
  UserIcon,
} from "lucide-react";

import { BrandLogo, BrandMark } from "@/components/brand-logo";
import { LanguageFlag, languageFlagCountry } from "@/components/language-flag";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Progress } from "@/components/ui/progress";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Separator } from "@/components/ui/separator";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

import { FormDemo, ToastDemo } from "./client-demos";

export const dynamic = "force-static";

export const metadata: Metadata = {
  title: "UI preview",
  robots: { index: false, follow: false },
};

const FLAG_CODES = ["en", "es", "fr", "de", "it", "pt", "sv", "ja", "zh", "pt-BR", "ko", "xx"];

const SWATCHES = [
  ["primary", "bg-primary text-primary-foreground"],
  ["secondary", "bg-secondary text-secondary-foreground"],
  ["accent", "bg-accent text-accent-foreground"],
  ["muted", "bg-muted text-muted-foreground"],
  ["streak", "bg-streak text-streak-foreground"],
  ["success", "bg-success text-success-foreground"],
  ["warning", "bg-warning text-warning-foreground"],
  ["destructive", "bg-destructive text-destructive-foreground"],
  ["highlight", "bg-highlight text-highlight-foreground"],
  ["card", "bg-card text-card-foreground border"],
] as const;

function Section({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}

export default function UiPreviewPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-3">
          <BrandLogo size="lg" />
          <p className="max-w-prose text-muted-foreground">
            Design-system primitives: every component in its common states.
          </p>
        </div>
        <div className="flex items-center gap-3">
          <BrandMark size={24} />
          <BrandMark size={40} />
          <BrandLogo size="sm" />
          <BrandLogo size="md" withWordmark={false} />
        </div>
      </header>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        <Section title="Colours" description="Theme tokens" className="lg:col-span-3">
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {SWATCHES.map(([name, classes]) => (
              <div
                key={name}
                className={`flex h-14 items-end rounded-lg px-3 py-2 text-xs font-semibold ${classes}`}
              >
                {name}
              </div>
            ))}
          </div>
        </Section>

        <Section title="Buttons" className="lg:col-span-2">
          <div className="flex flex-wrap items-center gap-2">
            <Button>Get Started</Button>
            <Button variant="secondary">Secondary</Button>
            <Button variant="outline">Outline</Button>
            <Button variant="ghost">Ghost</Button>
            <Button variant="link">Link</Button>
            <Button variant="destructive">
              <Trash2Icon /> Delete
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm">Small</Button>
            <Button>Default</Button>
            <Button size="lg">
              <PlayIcon /> Large
            </Button>
            <Button size="icon" variant="outline" aria-label="Add to favorites">
              <HeartIcon />
            </Button>
            <Button size="icon-sm" variant="ghost" aria-label="More">
              <MoreHorizontalIcon />
            </Button>
            <Button disabled>
              <Spinner label={null} /> Saving…
            </Button>
          </div>
        </Section>

        <Section title="Badges & avatars">
          <div className="flex flex-wrap gap-2">
            <Badge>Default</Badge>
            <Badge variant="secondary">12:34</Badge>
            <Badge variant="outline">General</Badge>
            <Badge variant="success">Learned</Badge>
            <Badge variant="streak">
              <FlameIcon /> 7
            </Badge>
            <Badge variant="destructive">Failed</Badge>
          </div>
          <div className="flex items-center gap-3">
            <Avatar>
              <AvatarFallback>AL</AvatarFallback>
            </Avatar>
            <Avatar className="size-11">
              <AvatarFallback className="bg-primary text-primary-foreground">JM</AvatarFallback>
            </Avatar>
            <Avatar className="size-7">
              <AvatarFallback className="text-xs">
                <UserIcon className="size-4" />
              </AvatarFallback>
            </Avatar>
          </div>
        </Section>

        <Section title="Text inputs">
          <div className="grid gap-2">
            <Label htmlFor="preview-email">Email</Label>
            <Input id="preview-email" type="email" placeholder="you@example.com" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="preview-invalid">Password</Label>
            <Input id="preview-invalid" type="password" defaultValue="abc" aria-invalid />
          </div>
          <Input placeholder="Disabled" disabled />
          <div className="grid gap-2">
            <Label htmlFor="preview-notes">Notes</Label>
            <Textarea id="preview-notes" placeholder="What did you learn today?" />
          </div>
        </Section>

        <Section title="Form" description="react-hook-form + zod">
          <FormDemo />
        </Section>

        <Section title="Choices">
          <div className="flex items-center gap-2">
            <Checkbox id="preview-check-1" defaultChecked />
            <Label htmlFor="preview-check-1">Show translations</Label>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id="preview-check-2" />
            <Label htmlFor="preview-check-2">Pause after each sentence</Label>
          </div>
          <Separator />
          <RadioGroup defaultValue="30" aria-label="Daily goal">
            {["15", "30", "60"].map((minutes) => (
              <div key={minutes} className="flex items-center gap-2">
                <RadioGroupItem value={minutes} id={`preview-goal-${minutes}`} />
                <Label htmlFor={`preview-goal-${minutes}`}>{minutes} minutes per day</Label>
              </div>
            ))}
          </RadioGroup>
          <Separator />
          <div className="flex items-center justify-between">
            <Label htmlFor="preview-switch">Autoplay</Label>
            <Switch id="preview-switch" defaultChecked />
          </div>
          <div className="flex items-center justify-between">
            <Label htmlFor="preview-switch-2">Sound effects</Label>
            <Switch id="preview-switch-2" />
          </div>
        </Section>

        <Section title="Menus & overlays">
          <Select defaultValue="es">
            <SelectTrigger className="w-full" aria-label="Target language">
              <SelectValue placeholder="Choose a language" />
            </SelectTrigger>
            <SelectContent>
              <SelectGroup>
                <SelectLabel>Languages</SelectLabel>
                {["es", "fr", "de", "it", "pt", "sv", "ja", "zh"].map((code) => (
                  <SelectItem key={code} value={code}>
                    <LanguageFlag code={code} label={null} />
                    {code.toUpperCase()}
                  </SelectItem>
                ))}
              </SelectGroup>
            </SelectContent>
          </Select>
          <div className="flex flex-wrap gap-2">
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline">Account</Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="start" className="w-48">
                <DropdownMenuLabel>My account</DropdownMenuLabel>
                <DropdownMenuSeparator />
                <DropdownMenuItem>
                  <UserIcon /> Profile
                </DropdownMenuItem>
                <DropdownMenuItem>
                  <BookmarkIcon /> Saved
                </DropdownMenuItem>
                <DropdownMenuItem>
                  <SettingsIcon /> Settings
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive">
                  <LogOutIcon /> Logout
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
            <Popover>
              <PopoverTrigger asChild>
                <Button variant="outline">Popover</Button>
              </PopoverTrigger>
              <PopoverContent>
                <p className="font-semibold">gato</p>
                <p className="text-sm text-muted-foreground">cat · noun</p>
              </PopoverContent>
            </Popover>
            <Tooltip>
              <TooltipTrigger asChild>
                <Button variant="outline" size="icon" aria-label="Add to favorites">
                  <HeartIcon />
                </Button>
              </TooltipTrigger>
              <TooltipContent>Add to favorites</TooltipContent>
            </Tooltip>
          </div>
          <div className="flex flex-wrap gap-2">
            <Dialog>
              <DialogTrigger asChild>
                <Button variant="secondary">Dialog</Button>
              </DialogTrigger>
              <DialogContent>
                <DialogHeader>
                  <DialogTitle>Update Translations</DialogTitle>
                  <DialogDescription>
                    The caption text changed. Update the translations in every language too?
                  </DialogDescription>
                </DialogHeader>
                <DialogFooter>
                  <DialogClose asChild>
                    <Button variant="outline">Save Without Updating</Button>
                  </DialogClose>
                  <Button>Yes, Update All</Button>
                </DialogFooter>
              </DialogContent>
            </Dialog>
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="destructive">Alert dialog</Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Delete this video?</AlertDialogTitle>
                  <AlertDialogDescription>
                    Its captions and quizzes will be removed. This cannot be undone.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction variant="destructive">Delete</AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
            <Sheet>
              <SheetTrigger asChild>
                <Button variant="secondary">Sheet</Button>
              </SheetTrigger>
              <SheetContent>
                <SheetHeader>
                  <SheetTitle>Menu</SheetTitle>
                  <SheetDescription>Navigate LingoReel.</SheetDescription>
                </SheetHeader>
                <SheetFooter>
                  <Button>Get Started</Button>
                </SheetFooter>
              </SheetContent>
            </Sheet>
          </div>
          <ToastDemo />
        </Section>

        <Section title="Feedback">
          <div className="grid gap-1.5">
            <div className="flex justify-between text-sm">
              <span className="font-medium">Daily goal</span>
              <span className="text-muted-foreground">18 / 30 min</span>
            </div>
            <Progress value={60} aria-label="Daily goal" />
          </div>
          <div className="grid gap-1.5">
            <div className="flex items-center gap-1.5 text-sm font-medium">
              <FlameIcon className="size-4 text-streak" /> Streak
            </div>
            <Progress value={85} indicatorClassName="bg-streak" className="bg-streak/20" aria-label="Streak" />
          </div>
          <Progress value={100} indicatorClassName="bg-success" className="bg-success/15" aria-label="Done" />
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            <Spinner /> Loading…
            <Spinner className="size-6 text-primary" />
          </div>
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
          <Skeleton className="aspect-video w-full rounded-xl" />
        </Section>

        <Section title="Tabs">
          <Tabs defaultValue="videos">
            <TabsList>
              <TabsTrigger value="videos">Videos</TabsTrigger>
              <TabsTrigger value="words">Words</TabsTrigger>
              <TabsTrigger value="stats">Stats</TabsTrigger>
            </TabsList>
            <TabsContent value="videos" className="text-sm text-muted-foreground">
              12 videos in progress.
            </TabsContent>
            <TabsContent value="words" className="text-sm text-muted-foreground">
              248 words saved.
            </TabsContent>
            <TabsContent value="stats" className="text-sm text-muted-foreground">
              7-day streak.
            </TabsContent>
          </Tabs>
          <Separator />
          <p className="text-sm leading-relaxed">
            <span>Me gusta </span>
            <span className="rounded-md bg-highlight px-1 py-0.5 font-semibold text-highlight-foreground">
              aprender
            </span>
            <span> idiomas con vídeos.</span>
          </p>
        </Section>

        <Section title="Language flags">
          <div className="grid grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))] gap-3">
            {FLAG_CODES.map((code) => (
              <div key={code} className="flex items-center gap-2 text-sm">
                <LanguageFlag code={code} />
                <span className="font-mono text-xs text-muted-foreground">
                  {code} → {languageFlagCountry(code) ?? "globe"}
                </span>
              </div>
            ))}
          </div>
          <div className="flex items-center gap-2">
            <LanguageFlag code="es" className="h-8 w-12 rounded-md" />
            <LanguageFlag code="ja" className="size-8 rounded-full" />
            <LanguageFlag code="en" className="size-8 rounded-full" />
            <LanguageFlag code="ko" className="size-8 rounded-full" />
          </div>
        </Section>

        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle>Content Directory</CardTitle>
            <CardDescription>Table inside a card, with a card action.</CardDescription>
            <CardAction>
              <Button size="sm">
                <PlayIcon /> Add video
              </Button>
            </CardAction>
          </CardHeader>
          <CardContent>
            <Table>
              <TableCaption>3 videos</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>Title</TableHead>
                  <TableHead>Language</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Words</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                <TableRow>
                  <TableCell className="font-medium">Un día en Madrid</TableCell>
                  <TableCell>
                    <span className="inline-flex items-center gap-2">
                      <LanguageFlag code="es" label={null} /> Spanish
                    </span>
                  </TableCell>
                  <TableCell>
                    <Badge variant="success">Ready</Badge>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">412</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell className="font-medium">Le petit déjeuner</TableCell>
                  <TableCell>
                    <span className="inline-flex items-center gap-2">
                      <LanguageFlag code="fr" label={null} /> French
                    </span>
                  </TableCell>
                  <TableCell>
                    <Badge variant="secondary">
                      <Spinner label={null} className="size-3" /> Processing
                    </Badge>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">0</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell className="font-medium">東京の朝</TableCell>
                  <TableCell>
                    <span className="inline-flex items-center gap-2">
                      <LanguageFlag code="ja" label={null} /> Japanese
                    </span>
                  </TableCell>
                  <TableCell>
                    <Badge variant="destructive">Failed</Badge>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">—</TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </CardContent>
          <CardFooter className="border-t">
            <p className="text-sm text-muted-foreground">Updated just now</p>
          </CardFooter>
        </Card>
      </div>
    </main>
  );
}
