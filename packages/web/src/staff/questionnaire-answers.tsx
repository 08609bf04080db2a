/** Every answer of a questionnaire, labelled as the customer saw the choices. */
import { Box, DataList, HStack, Text } from "@chakra-ui/react";
import type { Questionnaire } from "@portal/core/contracts/questionnaires";
import type { ReactNode } from "react";
import {
  additionalServiceChoices,
  budgetChoices,
  type Choice,
  contactPreferenceChoices,
  designStyleChoices,
  industryChoices,
  timelineChoices,
  websiteTypeChoices,
} from "../questionnaire/options";

function labelOf<V extends string>(choices: Choice<V>[], value: V | null): string | null {
  if (value === null) return null;
  return choices.find((choice) => choice.value === value)?.label ?? value;
}

function Swatch({ color }: { color: string }) {
  return (
    <HStack gap="2">
      <Box boxSize="4" borderRadius="sm" borderWidth="1px" bg={color} aria-hidden />
      <Text as="span">{color}</Text>
    </HStack>
  );
}

export function QuestionnaireAnswers({ questionnaire: q }: { questionnaire: Questionnaire }) {
  const rows: [string, ReactNode][] = [
    ["Business name", q.businessName],
    ["Industry", labelOf(industryChoices, q.industry)],
    ["Website type", labelOf(websiteTypeChoices, q.websiteType)],
    ["Target audience", q.targetAudience],
    ["Business goals", q.businessGoals],
    ["Current website", q.currentWebsite],
    ["Competitors", q.competitors],
    ["Preferred colors", q.preferredColors],
    ["Primary color", <Swatch key="primary" color={q.primaryColor} />],
    ["Secondary color", <Swatch key="secondary" color={q.secondaryColor} />],
    ["Logo", q.logoUrl],
    ["Design style", labelOf(designStyleChoices, q.designStyle)],
    ["Content provided", q.contentProvided ? "Yes" : "No"],
    ["Logo provided", q.logoProvided ? "Yes" : "No"],
    [
      "Additional services",
      q.additionalServices
        .map((service) =>
          labelOf(
            additionalServiceChoices,
            service as (typeof additionalServiceChoices)[number]["value"],
          ),
        )
        .join(", ") || null,
    ],
    ["Timeline", labelOf(timelineChoices, q.timeline)],
    ["Budget", labelOf(budgetChoices, q.budget)],
    ["Special requirements", q.specialRequirements],
    ["Contact preference", labelOf(contactPreferenceChoices, q.contactPreference)],
  ];
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {rows.map(([label, value]) => (
        <DataList.Item key={label} alignItems="flex-start">
          <DataList.ItemLabel minW={{ base: "32", md: "44" }}>{label}</DataList.ItemLabel>
          <DataList.ItemValue whiteSpace="pre-wrap" wordBreak="break-word">
            {value ?? <Text color="fg.subtle">Not answered</Text>}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
