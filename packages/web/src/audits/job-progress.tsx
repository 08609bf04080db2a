/** The running notice: what the page is waiting for, and which stage the job is in. */
import { Box, HStack, Progress, Spinner, Stack, Text } from "@chakra-ui/react";
import { Check } from "lucide-react";
import { useEffect, useState } from "react";

const STAGES = [
  { status: "queued", label: "Queued" },
  { status: "running", label: "Running" },
  { status: "done", label: "Results" },
] as const;

function useElapsedSeconds(since: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
}

export function JobProgress({
  title,
  subtitle,
  status,
  url,
  createdAt,
}: {
  title: string;
  subtitle: string;
  status: "queued" | "running";
  url: string;
  createdAt: string;
}) {
  const elapsed = useElapsedSeconds(createdAt);
  const current = STAGES.findIndex((s) => s.status === status);
  return (
    <Box
      role="status"
      aria-live="polite"
      bg="bg"
      borderWidth="1px"
      borderColor="brand.muted"
      borderRadius="xl"
      p={{ base: "4", md: "5" }}
    >
      <HStack gap="3" align="flex-start">
        <Spinner size="sm" color="brand.solid" mt="1" flexShrink="0" />
        <Stack gap="1" minW="0" flex="1">
          <Text fontWeight="semibold">{title}</Text>
          <Text color="fg.muted" fontSize="sm">
            {subtitle}
          </Text>
          <Text fontSize="sm" truncate title={url}>
            {url}
          </Text>
        </Stack>
      </HStack>
      <Progress.Root
        mt="4"
        value={status === "queued" ? 15 : 60}
        colorPalette="brand"
        size="sm"
        striped
        animated
        aria-label={`Analysis ${status}`}
      >
        <Progress.Track borderRadius="full">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack mt="3" gap={{ base: "2", sm: "4" }} fontSize="sm" flexWrap="wrap">
        {STAGES.map((stage, i) => (
          <HStack
            key={stage.status}
            gap="1.5"
            color={i === current ? "fg" : i < current ? "green.fg" : "fg.subtle"}
            fontWeight={i === current ? "semibold" : "normal"}
            aria-current={i === current ? "step" : undefined}
          >
            <Box
              boxSize="5"
              borderRadius="full"
              display="flex"
              alignItems="center"
              justifyContent="center"
              fontSize="xs"
              bg={i === current ? "brand.solid" : i < current ? "green.subtle" : "bg.muted"}
              color={i === current ? "brand.contrast" : undefined}
            >
              {i < current ? <Check size={12} aria-hidden /> : i + 1}
            </Box>
            <Text data-testid={i === current ? "job-stage" : undefined}>{stage.label}</Text>
          </HStack>
        ))}
        <Text color="fg.muted" ms="auto">
          {status === "queued" ? "Waiting for a free worker" : "Testing the page"} · {elapsed}s
        </Text>
      </HStack>
    </Box>
  );
}
