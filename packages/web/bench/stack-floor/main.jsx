// The stack's floor (docs/performance.md, "signed-in"): the least a signed-in page of this stack
// costs. The same kind of dashboard as /dashboard (~305 elements: header, side navigation, 4 stat
// cards, 3 site rows with 3 buttons each, activity, tickets) in React 19 + Chakra UI v3 + TanStack
// Router (one route) + TanStack Query, with its data in the cache before the first render, and
// the two things the portal does at start-up: Chakra's global CSS written into index.html at build
// time (vite.config.ts) and one Chakra system. From the harness of issue 41 (its app "D").
import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Link as ChakraLink,
  Flex,
  Grid,
  GridItem,
  Heading,
  HStack,
  IconButton,
  Image,
  SimpleGrid,
  Stack,
  Stat,
  Text,
} from "@chakra-ui/react";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import * as data from "./data.js";
import { Icon, NAV_ICONS, STAT_ICONS } from "./icons.jsx";
import placeholder from "./placeholder.svg";
import { UiProvider } from "./provider.jsx";

// The data is in the cache before the first render, and never stale: no request is made.
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
const dashboardQuery = { queryKey: ["dashboard"], queryFn: async () => data };
queryClient.setQueryData(dashboardQuery.queryKey, data);
const useDashboard = () => useQuery(dashboardQuery).data;

function Header() {
  const { user } = useDashboard();
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <HStack h="16" px={{ base: "3", md: "6" }} gap="3" justify="space-between">
        <HStack gap="2" minW="0">
          <IconButton
            aria-label="Open navigation"
            variant="ghost"
            display={{ base: "inline-flex", lg: "none" }}
          >
            <Icon name="menu" />
          </IconButton>
          <ChakraLink asChild fontWeight="bold" textDecoration="none">
            <Link to="/">
              <Center
                boxSize="8"
                borderRadius="lg"
                bg="purple.solid"
                color="purple.contrast"
                aria-hidden
              >
                S
              </Center>
              <Text as="span">SitePortal</Text>
            </Link>
          </ChakraLink>
        </HStack>
        <HStack gap="3" minW="0">
          <Text color="fg.muted" fontSize="sm" display={{ base: "none", sm: "block" }} truncate>
            Welcome back, {user.firstName}
          </Text>
          <IconButton
            aria-label="Open user menu"
            variant="subtle"
            colorPalette="purple"
            borderRadius="full"
            size="sm"
          >
            {user.firstName[0]}
            {user.lastName[0]}
          </IconButton>
        </HStack>
      </HStack>
    </Box>
  );
}

function SideNav() {
  const { navItems } = useDashboard();
  return (
    <Box
      as="aside"
      display={{ base: "none", lg: "block" }}
      w="64"
      flexShrink="0"
      bg="bg"
      borderEndWidth="1px"
      p="4"
      position="sticky"
      top="16"
      h="calc(100dvh - var(--chakra-sizes-16))"
      overflowY="auto"
    >
      <Stack as="nav" aria-label="Portal">
        <Stack as="ul" gap="1" listStyleType="none">
          {navItems.map((item, i) => (
            <li key={item.to}>
              <Button
                asChild
                variant={i === 0 ? "subtle" : "ghost"}
                colorPalette={i === 0 ? "purple" : "gray"}
                justifyContent="flex-start"
                w="full"
                fontWeight={i === 0 ? "semibold" : "medium"}
              >
                <Link to="/" aria-current={i === 0 ? "page" : undefined}>
                  <Icon name={NAV_ICONS[i]} />
                  <Box as="span" flex="1" textAlign="start">
                    {item.label}
                  </Box>
                  {item.badge ? (
                    <Badge colorPalette="purple" variant="solid" borderRadius="full">
                      {item.badge}
                    </Badge>
                  ) : null}
                </Link>
              </Button>
            </li>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}

function StatCards() {
  const { stats } = useDashboard();
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: "3", md: "4" }} mb="6">
      {stats.map((s, i) => (
        <Card.Root key={s.label} bg="bg" borderRadius="xl" size="sm">
          <Card.Body>
            <HStack justify="space-between" align="flex-start" gap="2">
              <Stat.Root>
                <Stat.Label>{s.label}</Stat.Label>
                <Stat.ValueText fontSize={{ base: "xl", md: "2xl" }}>{s.value}</Stat.ValueText>
              </Stat.Root>
              <Center
                boxSize={{ base: "8", md: "10" }}
                borderRadius="lg"
                bg="purple.subtle"
                color="purple.fg"
                flexShrink="0"
                display={{ base: "none", sm: "flex" }}
                aria-hidden
              >
                <Icon name={STAT_ICONS[i]} size={20} />
              </Center>
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

function SiteRow({ site }) {
  return (
    <Box borderWidth="1px" borderRadius="lg" overflow="hidden">
      <Flex gap="4" p="4" direction={{ base: "column", sm: "row" }} align={{ sm: "center" }}>
        <Image
          src={placeholder}
          alt={`${site.name} preview`}
          w={{ base: "full", sm: "32" }}
          h={{ base: "36", sm: "20" }}
          objectFit="cover"
          objectPosition="top"
          borderRadius="md"
          borderWidth="1px"
          flexShrink="0"
          bg="bg.muted"
        />
        <Stack gap="1" flex="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" truncate>
              {site.name}
            </Text>
            <Badge colorPalette={site.palette} variant="subtle">
              {site.status}
            </Badge>
          </HStack>
          <Text fontSize="sm" color={site.url ? "fg" : "fg.muted"} truncate>
            {site.url ?? "URL pending"}
          </Text>
          <HStack gap="4" fontSize="xs" color="fg.muted" wrap="wrap">
            <Text>Updated {site.updated}</Text>
            <HStack gap="1">
              <Text>Performance</Text>
              <Text fontWeight="semibold">{site.score}</Text>
            </HStack>
          </HStack>
        </Stack>
        <HStack gap="2" flexShrink="0" flexWrap="wrap">
          <Button asChild size="sm" variant="outline">
            <Link to="/">
              <Icon name="upload" />
              Add Content
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <a href={site.url ?? "/"}>
              <Icon name="external" />
              Preview
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to="/">
              <Icon name="settings" />
              Manage
            </Link>
          </Button>
        </HStack>
      </Flex>
    </Box>
  );
}

function MySites() {
  const { sites } = useDashboard();
  return (
    <Card.Root
      as="section"
      aria-labelledby="my-sites-title"
      bg="bg"
      borderRadius="xl"
      size={{ base: "sm", md: "md" }}
    >
      <Card.Header>
        <Card.Title as="h2" id="my-sites-title">
          My Sites
        </Card.Title>
      </Card.Header>
      <Card.Body pt="4">
        <Stack gap="3">
          {sites.map((site) => (
            <SiteRow key={site.id} site={site} />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function RecentActivity() {
  const { activities } = useDashboard();
  return (
    <Card.Root bg="bg" borderRadius="xl" size={{ base: "sm", md: "md" }}>
      <Card.Header>
        <Card.Title as="h2">Recent Activity</Card.Title>
      </Card.Header>
      <Card.Body pt="4">
        <Stack as="ul" gap="4" listStyleType="none" aria-label="Recent activity">
          {activities.map((a) => (
            <HStack as="li" key={a.id} gap="3" align="flex-start">
              <Center
                boxSize="8"
                borderRadius="full"
                bg={`${a.kind}.subtle`}
                color={`${a.kind}.fg`}
                flexShrink="0"
                aria-hidden
              >
                <Icon name="activity" size={16} />
              </Center>
              <Box minW="0">
                <Text fontSize="sm">{a.description}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {a.date}
                </Text>
              </Box>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function SupportTickets() {
  const { tickets } = useDashboard();
  return (
    <Card.Root bg="bg" borderRadius="xl" size={{ base: "sm", md: "md" }}>
      <Card.Header>
        <HStack justify="space-between" gap="3">
          <Card.Title as="h2" whiteSpace="nowrap">
            Support Tickets
          </Card.Title>
          <Button size="sm" variant="outline">
            <Icon name="plus" />
            New Ticket
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body pt="4">
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Support tickets">
          {tickets.map((t) => (
            <HStack
              as="li"
              key={t.id}
              gap="3"
              justify="space-between"
              p="3"
              borderWidth="1px"
              borderRadius="md"
            >
              <Stack gap="0" minW="0">
                <Link to="/">
                  <Text fontSize="sm" fontWeight="medium" truncate _hover={{ color: "purple.fg" }}>
                    {t.title}
                  </Text>
                </Link>
                <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                  {t.ref}
                </Text>
              </Stack>
              <Badge colorPalette={t.palette} variant="subtle">
                {t.status}
              </Badge>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function DashboardPage() {
  return (
    <>
      <Flex
        justify="space-between"
        align={{ base: "flex-start", sm: "center" }}
        direction={{ base: "column", sm: "row" }}
        gap="3"
        mb="6"
      >
        <Heading as="h1" fontSize={{ base: "2xl", md: "3xl" }} fontWeight="bold">
          Dashboard
        </Heading>
        <Button colorPalette="purple">
          <Icon name="lifebuoy" />
          Get Support
        </Button>
      </Flex>
      <StatCards />
      <Grid templateColumns={{ base: "1fr", xl: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="6">
        <GridItem>
          <MySites />
        </GridItem>
        <GridItem>
          <Stack gap="6">
            <RecentActivity />
            <SupportTickets />
          </Stack>
        </GridItem>
      </Grid>
    </>
  );
}

function Shell() {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Header />
      <Flex flex="1" minH="0">
        <SideNav />
        <Box as="main" flex="1" minW="0" p={{ base: "4", md: "8" }}>
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}

const rootRoute = createRootRoute({ component: Shell });
const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  component: DashboardPage,
});
const router = createRouter({ routeTree: rootRoute.addChildren([dashboardRoute]) });

startTransition(() => {
  createRoot(document.getElementById("root")).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <UiProvider>
          <RouterProvider router={router} />
        </UiProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
