import { Box, HStack, Text } from "@chakra-ui/react";
import { Globe } from "lucide-react";
import { productName } from "../brand";

/** The product mark and name, as shown in every header. */
export function Logo({ size = "md" }: { size?: "md" | "lg" }) {
  const box = size === "lg" ? "10" : "8";
  return (
    <HStack gap="2">
      <Box
        boxSize={box}
        borderRadius="lg"
        bg="brand.solid"
        color="brand.contrast"
        display="grid"
        placeItems="center"
        aria-hidden
      >
        <Globe size={size === "lg" ? 22 : 18} />
      </Box>
      <Text fontWeight="bold" fontSize={size === "lg" ? "xl" : "lg"} color="fg" whiteSpace="nowrap">
        {productName}
      </Text>
    </HStack>
  );
}
