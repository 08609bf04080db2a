/**
 * The "Your data" section of /settings (docs/privacy.md): export everything the portal holds
 * about the customer, or delete the account. Shown to every signed-in customer, plan or not.
 */
import { Box, Heading, Text } from "@chakra-ui/react";
import { DataExportCard } from "./data-export-card";
import { DeleteAccountCard } from "./delete-account-card";

export function YourDataSection() {
  return (
    <Box as="section" id="your-data" aria-labelledby="your-data-heading" mt="10">
      <Box mb="4">
        <Heading as="h2" id="your-data-heading" size="lg">
          Your data
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Take a copy of everything we hold about you, or delete your account.
        </Text>
      </Box>
      <DataExportCard />
      <DeleteAccountCard />
    </Box>
  );
}
