/**
 * The chosen site's settings in four tabs (General, Domain, Design, Advanced) with one Save
 * Changes (PATCH /api/sites/{id}, the maintenance-mode value included though no control shows
 * it) and Delete Site behind the browser's confirmation. Validated by the contract's schema,
 * the same one the server applies.
 */
import {
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  SITE_CATEGORIES,
  SITE_CATEGORY_LABELS,
  SITE_DEFAULT_COLORS,
  type Site,
  type SiteSettings,
  type SiteSettingsInput,
  siteSettingsSchema,
} from "@portal/core/contracts/sites";
import { HEX_COLOR } from "@portal/core/questionnaires/enums";
import { Save, Trash2 } from "lucide-react";
import { useState } from "react";
import { type Control, type FieldErrors, useForm, useWatch } from "react-hook-form";
import { useMayDo } from "../access/role";
import { ApiError } from "../api/api-error";
import { ColorField, SelectField, TextAreaField, TextField } from "../ui/form-fields";
import { SettingSwitchField } from "../ui/setting-switch";
import { toast } from "../ui/toaster";
import { DomainPanel } from "./domain-panel";
import { deleteSite, updateSite } from "./queries";
import { useSiteMutation } from "./use-site-mutation";

const CATEGORY_CHOICES = SITE_CATEGORIES.map((value) => ({
  value,
  label: SITE_CATEGORY_LABELS[value],
}));

type TabId = "general" | "domain" | "design" | "advanced";

/** Which tab holds each field, so a refused field's tab can be opened. */
const FIELD_TAB: Record<keyof SiteSettingsInput, TabId> = {
  name: "general",
  category: "general",
  description: "general",
  customDomain: "domain",
  sslEnabled: "domain",
  primaryColor: "design",
  secondaryColor: "design",
  logoUrl: "design",
  faviconUrl: "design",
  analyticsEnabled: "advanced",
  seoEnabled: "advanced",
  maintenanceMode: "advanced",
};

export const DELETE_CONFIRMATION =
  "Are you sure you want to delete this site? This action cannot be undone.";

function formValues(site: Site): SiteSettingsInput {
  return {
    name: site.name,
    description: site.description ?? "",
    // A site without a category shows the placeholder; saving asks for one.
    category: (site.category ?? "") as SiteSettingsInput["category"],
    primaryColor: site.primaryColor,
    secondaryColor: site.secondaryColor,
    logoUrl: site.logoUrl ?? "",
    faviconUrl: site.faviconUrl ?? "",
    customDomain: site.customDomain ?? "",
    sslEnabled: site.sslEnabled,
    analyticsEnabled: site.analyticsEnabled,
    seoEnabled: site.seoEnabled,
    maintenanceMode: site.maintenanceMode,
  };
}

export function SiteSettingsForm({ site, onDeleted }: { site: Site; onDeleted: () => void }) {
  const [tab, setTab] = useState<TabId>("general");
  const owner = useMayDo("owner");
  const form = useForm<SiteSettingsInput, unknown, SiteSettings>({
    resolver: zodResolver(siteSettingsSchema),
    defaultValues: formValues(site),
  });
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = form;

  const save = useSiteMutation({
    mutationFn: (values: SiteSettings) =>
      updateSite(site.id, {
        ...values,
        // The domain changes through Add Domain; Save keeps the one the site holds now
        // (the form's copy may predate an Add Domain made in this visit).
        customDomain: site.customDomain ?? "",
        maintenanceMode: site.maintenanceMode,
      }),
    onSuccess: (saved) => {
      reset(formValues(saved));
      toast({
        title: "Settings Updated",
        description: "Your site settings have been saved successfully.",
      });
    },
    onFailure: (error) => {
      const apiError = ApiError.from(error);
      const message = apiError?.detail;
      const fields = apiError?.fields ?? {};
      toast({
        title: "Update Failed",
        description: message ?? "Failed to update site settings",
        variant: "destructive",
      });
      for (const [name, text] of Object.entries(fields)) {
        if (name in FIELD_TAB) setError(name as keyof SiteSettingsInput, { message: text });
      }
    },
  });

  const remove = useSiteMutation({
    mutationFn: () => deleteSite(site.id),
    onSuccess: () => {
      toast({ title: "Site Deleted", description: "Your site has been deleted successfully." });
      onDeleted();
    },
    onFailure: () => {
      toast({
        title: "Delete Failed",
        description: "Failed to delete site",
        variant: "destructive",
      });
    },
  });

  const showFirstError = (invalid: FieldErrors<SiteSettingsInput>) => {
    const first = (Object.keys(FIELD_TAB) as (keyof SiteSettingsInput)[]).find((f) => invalid[f]);
    if (first) setTab(FIELD_TAB[first]);
  };

  return (
    <Card.Root bg="bg" borderRadius="xl" minW="0">
      <form
        noValidate
        aria-label={`Settings for ${site.name}`}
        onSubmit={handleSubmit((values) => save.mutate(values), showFirstError)}
      >
        <Card.Header>
          <Flex
            justify="space-between"
            align={{ base: "stretch", sm: "center" }}
            gap="3"
            direction={{ base: "column", sm: "row" }}
          >
            <Stack gap="0" minW="0">
              <Card.Title as="h2" truncate>
                {site.name}
              </Card.Title>
              <Text fontSize="sm" color="fg.muted">
                {isDirty ? "You have unsaved changes" : "All changes saved"}
              </Text>
            </Stack>
            <Button
              type="submit"
              colorPalette="brand"
              loading={save.isPending}
              loadingText="Saving..."
            >
              <Save aria-hidden />
              Save Changes
            </Button>
          </Flex>
        </Card.Header>
        <Card.Body>
          <Tabs.Root
            value={tab}
            onValueChange={(event) => setTab(event.value as TabId)}
            variant="line"
            // Four tabs share a phone's width instead of scrolling one out of sight.
            fitted
            size={{ base: "sm", md: "md" }}
          >
            <Tabs.List>
              <Tabs.Trigger value="general">General</Tabs.Trigger>
              <Tabs.Trigger value="domain">Domain</Tabs.Trigger>
              <Tabs.Trigger value="design">Design</Tabs.Trigger>
              <Tabs.Trigger value="advanced">Advanced</Tabs.Trigger>
            </Tabs.List>

            <Tabs.Content value="general" pt="6">
              <Stack gap="5">
                <TextField form={form} name="name" label="Site Name" required />
                <SelectField
                  form={form}
                  name="category"
                  label="Category"
                  placeholder="Select a category"
                  choices={CATEGORY_CHOICES}
                />
                <TextAreaField
                  form={form}
                  name="description"
                  label="Description"
                  placeholder="What your site is about"
                  rows={4}
                />
              </Stack>
            </Tabs.Content>

            <Tabs.Content value="domain" pt="6">
              <DomainPanel site={site} form={form} />
            </Tabs.Content>

            <Tabs.Content value="design" pt="6">
              <Stack gap="5">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                  <ColorField
                    form={form}
                    name="primaryColor"
                    label="Primary Color"
                    placeholder={SITE_DEFAULT_COLORS.primary}
                  />
                  <ColorField
                    form={form}
                    name="secondaryColor"
                    label="Secondary Color"
                    placeholder={SITE_DEFAULT_COLORS.secondary}
                  />
                </SimpleGrid>
                <ColorPreview control={control} />
                <TextField
                  form={form}
                  name="logoUrl"
                  label="Logo URL"
                  type="url"
                  placeholder="https://example.com/logo.png"
                />
                <TextField
                  form={form}
                  name="faviconUrl"
                  label="Favicon URL"
                  type="url"
                  placeholder="https://example.com/favicon.ico"
                />
              </Stack>
            </Tabs.Content>

            <Tabs.Content value="advanced" pt="6">
              <Stack gap="6">
                <SettingSwitchField
                  form={form}
                  name="analyticsEnabled"
                  label="Analytics"
                  help="Collect page views for the Analytics page."
                />
                <SettingSwitchField
                  form={form}
                  name="seoEnabled"
                  label="SEO Optimization"
                  help="Publish meta tags and a sitemap for search engines."
                />
                {/* Deleting a site is the owner's (docs/team.md, "Roles"). */}
                {owner ? (
                  <Box
                    borderWidth="1px"
                    borderColor="red.muted"
                    borderRadius="lg"
                    p="5"
                    bg="red.subtle"
                  >
                    <Stack gap="3">
                      <Heading as="h3" size="sm" color="red.fg">
                        Danger Zone
                      </Heading>
                      <Text fontSize="sm">
                        Deleting a site removes it, its previews and its custom domain for good.
                      </Text>
                      <Box>
                        <Button
                          type="button"
                          colorPalette="red"
                          loading={remove.isPending}
                          onClick={() => {
                            if (window.confirm(DELETE_CONFIRMATION)) remove.mutate();
                          }}
                        >
                          <Trash2 aria-hidden />
                          Delete Site
                        </Button>
                      </Box>
                    </Stack>
                  </Box>
                ) : null}
              </Stack>
            </Tabs.Content>
          </Tabs.Root>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

/** How the two colours sit together: a button in the primary and an accent in the secondary. */
function ColorPreview({ control }: { control: Control<SiteSettingsInput> }) {
  const [primary, secondary] = useWatch({ control, name: ["primaryColor", "secondaryColor"] });
  const valid = (c: string, fallback: string) => (HEX_COLOR.test(c) ? c : fallback);
  return (
    <HStack
      gap="3"
      p="4"
      borderWidth="1px"
      borderRadius="lg"
      aria-hidden
      wrap="wrap"
      style={{ borderTop: `4px solid ${valid(secondary, SITE_DEFAULT_COLORS.secondary)}` }}
    >
      <Box
        px="4"
        py="2"
        borderRadius="md"
        color="white"
        fontWeight="semibold"
        fontSize="sm"
        style={{ background: valid(primary, SITE_DEFAULT_COLORS.primary) }}
      >
        Primary button
      </Box>
      <Text
        fontSize="sm"
        fontWeight="semibold"
        style={{ color: valid(secondary, SITE_DEFAULT_COLORS.secondary) }}
      >
        Secondary accent
      </Text>
    </HStack>
  );
}
