import { SCIM_BULK_MAX_OPERATIONS, SCIM_BULK_MAX_PAYLOAD } from '../../../src/contracts/main/scim.contract';
import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from './scim-resources';

/** The discovery documents (RFC 7644 section 4): what this server supports, described to the provider. */
export function serviceProviderConfig(base: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${base.replace(/\/scim\/v2$/, '')}/main-api/docs`,
    patch: { supported: true },
    bulk: { supported: true, maxOperations: SCIM_BULK_MAX_OPERATIONS, maxPayloadSize: SCIM_BULK_MAX_PAYLOAD },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'API key',
        description: 'A workspace API key with the scim scope, sent as Authorization: Bearer <key>',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string) {
  const types = [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
  return {
    schemas: [LIST_SCHEMA],
    totalResults: types.length,
    startIndex: 1,
    itemsPerPage: types.length,
    Resources: types,
  };
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

export function schemas(base: string) {
  const list = [
    {
      id: USER_SCHEMA,
      name: 'User',
      description: 'A person of the workspace',
      attributes: [
        attribute('userName', { required: true, uniqueness: 'server' }),
        attribute('name', {
          type: 'complex',
          subAttributes: [
            attribute('givenName'),
            attribute('familyName'),
            attribute('formatted', { mutability: 'readOnly' }),
          ],
        }),
        attribute('displayName'),
        attribute('title'),
        attribute('active', { type: 'boolean' }),
        attribute('emails', {
          type: 'complex',
          multiValued: true,
          subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
        }),
      ],
    },
    {
      id: ENTERPRISE_SCHEMA,
      name: 'EnterpriseUser',
      description: 'Enterprise User: department, employee number and manager',
      attributes: [
        attribute('department'),
        attribute('employeeNumber'),
        attribute('manager', { type: 'complex', subAttributes: [attribute('value')] }),
      ],
    },
    {
      id: GROUP_SCHEMA,
      name: 'Group',
      description: "The workspace's departments or business units, as its admin chose",
      attributes: [
        attribute('displayName', { required: true, uniqueness: 'server' }),
        attribute('members', { type: 'complex', multiValued: true, subAttributes: [attribute('value')] }),
      ],
    },
  ].map((s) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    ...s,
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${s.id}` },
  }));
  return {
    schemas: [LIST_SCHEMA],
    totalResults: list.length,
    startIndex: 1,
    itemsPerPage: list.length,
    Resources: list,
  };
}
