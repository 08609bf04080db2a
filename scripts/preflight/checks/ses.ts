/** SES: production access, the sending identity, the configuration set. */
import {
  GetAccountCommand,
  GetConfigurationSetCommand,
  GetEmailIdentityCommand,
} from "@aws-sdk/client-sesv2";
import type { StageSettings } from "../../../stacks/Config";
import { type Check, errorName, fail, ok } from "../check";

export const sesAccessCheck: Check = {
  name: "SES production access",
  needs: ["aws-credentials", "ses-production-access"],
  after: ["aws"],
  async run({ clients, region }) {
    const account = await clients.ses.send(new GetAccountCommand({}));
    if (!account.SendingEnabled) {
      return fail("ses-production-access", `sending is paused for this account in ${region}`);
    }
    if (!account.ProductionAccessEnabled) {
      return fail(
        "ses-production-access",
        `SES is in the sandbox in ${region}: mail reaches only verified addresses. Request production access (SES console → Account dashboard)`,
      );
    }
    return ok(`production access in ${region}`);
  },
};

export const sesIdentityCheck: Check = {
  name: "SES identity",
  needs: ["aws-credentials", "settings", "ses-identity"],
  after: ["aws", "settings"],
  async run({ clients, state, region }) {
    const identity = (state.settings as StageSettings).mail.identity;
    try {
      const found = await clients.ses.send(
        new GetEmailIdentityCommand({ EmailIdentity: identity }),
      );
      const dkim = found.DkimAttributes?.Status;
      if (!found.VerifiedForSendingStatus || dkim !== "SUCCESS") {
        return fail(
          "ses-identity",
          `${identity} is not verified with DKIM yet (verified: ${Boolean(found.VerifiedForSendingStatus)}, DKIM: ${dkim ?? "none"}): publish its Easy DKIM CNAME records`,
        );
      }
      return ok(`${identity} verified with DKIM`);
    } catch (error) {
      if (errorName(error) !== "NotFoundException") throw error;
      return fail(
        "ses-identity",
        `${identity} (MAIL_FROM's domain) is not an SES identity in ${region}: create it with Easy DKIM`,
      );
    }
  },
};

export const sesConfigurationSetCheck: Check = {
  name: "SES configuration set",
  needs: ["aws-credentials", "settings", "ses-identity"],
  after: ["aws", "settings"],
  async run({ clients, state, region }) {
    const { configurationSet: name, ownConfigurationSet } = (state.settings as StageSettings).mail;
    // Unnamed: the stack makes it on deploy (stacks/mail-feedback.ts).
    if (ownConfigurationSet) return ok(`none named: the deploy makes ${name}`);
    try {
      await clients.ses.send(new GetConfigurationSetCommand({ ConfigurationSetName: name }));
      return ok(`${name} exists`);
    } catch (error) {
      if (errorName(error) !== "NotFoundException") throw error;
      return fail(
        "ses-identity",
        `${name} does not exist in ${region}: create it in SES, or leave SES_CONFIGURATION_SET empty`,
      );
    }
  },
};
