/**
 * The findings of cdk-nag's AwsSolutions pack that the app accepts, each with its reason
 * (tests/infra/aws-solutions.test.ts runs the pack over the synthesised production app). A
 * finding no entry here covers fails that test, and so does an entry that covers nothing any
 * more: a new finding is either fixed or given its reason here.
 *
 * `findings` narrows an entry to the finding ids it accepts (cdk-nag's `appliesTo`: the policy
 * or the resource pattern of an IAM finding), so a new kind of wildcard is not let through by an
 * old reason; `resources` narrows it to construct paths.
 */
export interface AcceptedFinding {
  rule: `AwsSolutions-${string}`;
  reason: string;
  findings?: RegExp;
  resources?: RegExp;
}

export const ACCEPTED_FINDINGS: readonly AcceptedFinding[] = [
  {
    rule: "AwsSolutions-IAM4",
    findings:
      /^Policy::arn:<AWS::Partition>:iam::aws:policy\/service-role\/AWSLambdaBasicExecutionRole$/,
    reason:
      "Lambda's basic execution policy (logs:CreateLogStream and PutLogEvents) is what lets every function write to its group's shared log group (stacks/Monitoring.ts); a hand-written copy would grant the same.",
  },
  {
    rule: "AwsSolutions-IAM5",
    findings: /^Resource::<MainTable[0-9A-F]+\.Arn>\/index\/\*$/,
    reason:
      "The table's global secondary indexes: a function that may query the table may query its indexes (stacks/grants.ts table:read / table:write; each route's grants are proven from its bundle, tests/infra/bundles.test.ts).",
  },
  {
    rule: "AwsSolutions-IAM5",
    findings:
      /^Resource::<ScreenshotsBucket[0-9A-F]+\.Arn>\/(users\/\*|users\/\*\/content\/\*|exports\/\*|tombstones\/\*)$/,
    reason:
      "Object prefixes of the screenshots bucket: customers' objects live under users/<userId>/ and the handler, not IAM, picks the customer (docs/security.md); exports/ holds the privacy exports; tombstones/ the records of erasures and revocations a restore re-applies, write-only for the functions that make them (docs/operations.md).",
  },
  {
    rule: "AwsSolutions-IAM5",
    findings: /^Resource::arn:<AWS::Partition>:ses:us-east-1:\d{12}:identity\/\*$/,
    reason:
      "ses:SendEmail is also authorised against the recipient's identity, which is any address; the sender is pinned by the ses:FromAddress condition (stacks/grants.ts mail:send).",
  },
  {
    rule: "AwsSolutions-IAM5",
    findings:
      /^Resource::<HostingBucket[0-9A-F]+\.Arn>\/(uploads\/\*|deployments\/\*|deployments\/\*\/404\.html)$/,
    reason:
      "Prefixes of the hosting bucket (stacks/Hosting.ts, docs/hosting.md): staff upload a deployment's zip under uploads/, the worker unpacks it under deployments/<id>/, and the not-found function reads only each deployment's 404.html; which deployment is the handler's choice.",
  },
  {
    rule: "AwsSolutions-IAM5",
    findings: /^Resource::arn:<AWS::Partition>:cloudfront::\d{12}:distribution-tenant\/\*$/,
    reason:
      "Custom domains' distribution tenants (grant hosting:tenants, docs/hosting.md): they are made at run time, one per verified domain, so their ids are not known to the template; the only tenants of the account are the hosting's.",
  },
  {
    rule: "AwsSolutions-CFR4",
    resources: /-Hosting\/Sites\//,
    reason:
      "The customers' sites distribution is a tenant-only multi-tenant template (CloudFront SaaS Manager): its certificates and TLS policy belong to its tenants (the stage's wildcard, CloudFront-managed ones for custom domains), which the template the rule reads does not hold.",
  },
  {
    rule: "AwsSolutions-L1",
    reason:
      "Every function of the app runs nodejs24.x (sst.config.ts), the newest Node.js runtime Lambda has; SST sets the runtime when it bundles (App.finish, which the offline synthesis does not run), and its own custom-resource handlers choose theirs.",
  },
  {
    rule: "AwsSolutions-SMG4",
    resources: /\/OriginVerifySecret\//,
    reason:
      'The origin secret is rotated with `npm run rotate-origin-secret` in three deploys (docs/operations.md, "Rotating the origin secret"): CloudFormation resolves it into the distribution and the functions, so a Secrets Manager rotation Lambda would change it under them.',
  },
  {
    rule: "AwsSolutions-S1",
    reason:
      "No server access logs: the buckets are reached only through the app's functions (presigned URLs they sign) and CloudFront's origin access; the functions' logs name each object they hand out, and CloudTrail data events can be turned on when an audit needs them.",
  },
  {
    rule: "AwsSolutions-SQS3",
    resources: /\/FailedScheduledRuns\//,
    reason:
      "FailedScheduledRuns is itself where failed scheduled runs go (the schedules' on-failure destination, stacks/Events.ts), alarmed when not empty.",
  },
  {
    rule: "AwsSolutions-SQS4",
    reason:
      "The queues' only principals are the app's own roles and the SNS topic of SES feedback, all through the AWS SDK or AWS services over TLS; a deny-non-TLS queue policy per queue would add a resource per queue to stacks near their budget (tests/infra/resource-budget.test.ts) for no client that could use plain HTTP.",
  },
  {
    rule: "AwsSolutions-SNS3",
    reason:
      "The two topics are published to by AWS services only (SES's event destination, CloudWatch alarms), which use TLS; a deny-non-TLS topic policy could refuse those services' publishes.",
  },
  {
    rule: "AwsSolutions-APIG4",
    reason:
      "Every route authenticates in its handler (the Clerk session token, an API key, or a webhook signature; docs/access.md) after the origin-secret check; API Gateway's authorizers would be a second copy of that rule, and public routes (collect, webhooks) take no user.",
  },
  {
    rule: "AwsSolutions-CFR1",
    reason: "The portal and the customers' visitors are worldwide: no country is to be refused.",
  },
  {
    rule: "AwsSolutions-CFR2",
    reason:
      "No WAF web ACL (at least $5 a month plus $1 per rule and per million requests): the API's stage throttles at 300 requests a second and the collect route at 100 (stacks/Api.ts), and every route authenticates itself. Revisit when abuse shows in the API alarms.",
  },
  {
    rule: "AwsSolutions-CFR3",
    reason:
      "No CloudFront access logs: the API's own access logs record every /api request (stacks/Api.ts), the SPA's files are public, and CloudFront's 5xx rate is alarmed (stacks/Monitoring.ts).",
  },
  {
    rule: "AwsSolutions-CFR7",
    reason:
      "SST v2's StaticSite reaches its bucket through an origin access identity, not origin access control; the bucket policy admits only that identity.",
  },
];
