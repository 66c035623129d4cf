import { z } from 'zod';
import { IdParams, Ok, route } from '../route';
import {
  CreatePolicyBody,
  NewVersionBody,
  PolicyDetails,
  PolicySummary,
  PolicyFileParams,
  PolicyUploadBody,
  ReviewBody,
  UpdatePolicyBody,
} from './catalogue.contract';
import { UploadTicket } from './uploads.contract';

/**
 * A workspace's own policies (docs/policies.md "A workspace's own policies"): the same versions and PDFs per
 * language as a catalogue policy, owned by the workspace and seen only by it. Published, read and accepted through the
 * workspace's policy calls (`/api/policy/publish` with the policy's id as `cataloguePolicyId`). All paths are new.
 */

const MANAGERS = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;
const PERMISSION = 'policies.manage' as const;

export const ownPolicyList = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/own/all',
  summary: 'The workspace’s own policies, newest first, with their current version and the state of each language',
  response: z.object({ items: z.array(PolicySummary), total: z.number().int() }),
  access: MANAGERS,
  permission: PERMISSION,
});

export const ownPolicyCreate = route({
  api: 'learning',
  method: 'POST',
  path: '/api/policy/own/create',
  summary: 'Adds the workspace’s own policy with its first version (material); its PDFs follow by upload',
  body: CreatePolicyBody,
  response: PolicyDetails,
  access: MANAGERS,
  permission: PERMISSION,
});

export const ownPolicyDetails = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/own/details/{id}',
  summary: 'One of the workspace’s own policies with its versions and PDFs per language',
  params: IdParams,
  response: PolicyDetails,
  access: MANAGERS,
  permission: PERMISSION,
});

export const ownPolicyUpdate = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/policy/own/update/{id}',
  summary: 'Changes the title, description, owner or review date of the workspace’s own policy',
  params: IdParams,
  body: UpdatePolicyBody,
  response: PolicyDetails,
  access: MANAGERS,
  permission: PERMISSION,
});

export const ownPolicyDelete = route({
  api: 'learning',
  method: 'DELETE',
  path: '/api/policy/own/delete/{id}',
  summary: 'Deletes the workspace’s own policy with its versions and PDFs; 409 while it is published',
  params: IdParams,
  response: Ok,
  access: MANAGERS,
  permission: PERMISSION,
});

export const ownPolicyNewVersion = route({
  api: 'learning',
  method: 'POST',
  path: '/api/policy/own/new-version/{id}',
  summary: 'A new version of the workspace’s own policy: what changed, material (everyone accepts again) or minor',
  params: IdParams,
  body: NewVersionBody,
  response: PolicyDetails,
  access: MANAGERS,
  permission: PERMISSION,
});

export const ownPolicyReview = route({
  api: 'learning',
  method: 'POST',
  path: '/api/policy/own/review/{id}',
  summary:
    'Records a review of the workspace’s own policy that ends in “reviewed, no change”, with the next review date',
  params: IdParams,
  body: ReviewBody,
  response: PolicyDetails,
  access: MANAGERS,
  permission: PERMISSION,
});

export const ownPolicyUploadUrl = route({
  api: 'learning',
  method: 'POST',
  path: '/api/policy/own/generate-upload-url/{policyId}/{language}',
  summary: 'A signed URL to PUT the current version’s PDF in a language (kept in the workspace’s file storage)',
  params: PolicyFileParams,
  body: PolicyUploadBody,
  response: UploadTicket,
  access: MANAGERS,
  permission: PERMISSION,
});

export const ownPolicyConfirmUpload = route({
  api: 'learning',
  method: 'POST',
  path: '/api/policy/own/confirm-upload/{policyId}/{language}',
  summary:
    'Checks the uploaded PDF by its own bytes (a PDF, within the size limit) and makes it the current version’s copy',
  params: PolicyFileParams,
  response: PolicyDetails,
  access: MANAGERS,
  permission: PERMISSION,
});
