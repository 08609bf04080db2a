/** 'Questionnaire Complete!': what happens next, and the way back to the dashboard. */
import { Button, Card, Center, Heading, List, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { CalendarCheck, CircleCheck, Mail, Palette, Search } from "lucide-react";

const NEXT_STEPS = [
  { icon: Search, text: "Our design team reviews your answers" },
  { icon: Palette, text: "We create a custom design for your business" },
  { icon: Mail, text: "You'll receive progress updates via email" },
  { icon: CalendarCheck, text: "Your website launches within 2-3 weeks" },
];

export function CompletedScreen() {
  return (
    <Card.Root bg="bg" borderRadius="xl" boxShadow="sm" maxW="2xl" mx="auto">
      <Card.Body p={{ base: "6", md: "10" }}>
        <Stack gap="6" align="center" textAlign="center">
          <Center boxSize="16" borderRadius="full" bg="green.subtle" color="green.fg">
            <CircleCheck size={36} aria-hidden />
          </Center>
          <Stack gap="2">
            <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
              Questionnaire Complete!
            </Heading>
            <Text color="fg.muted">
              Thank you for telling us about your business. Here's what happens next:
            </Text>
          </Stack>
          <List.Root gap="3" variant="plain" w="full" maxW="md" textAlign="start">
            {NEXT_STEPS.map((step) => (
              <List.Item key={step.text} alignItems="center" gap="3">
                <List.Indicator asChild color="brand.fg">
                  <step.icon size={20} aria-hidden />
                </List.Indicator>
                {step.text}
              </List.Item>
            ))}
          </List.Root>
          <Button asChild colorPalette="brand" size="lg">
            <Link to="/dashboard">Back to Dashboard</Link>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
