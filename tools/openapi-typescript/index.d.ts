export { default, astToString, type OpenAPI3 } from 'openapi-typescript';
