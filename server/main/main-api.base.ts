/** Where the main API is mounted (its routes' paths in api/endpoints.tsv start here). */
export const MAIN_API_BASE = '/main-api';
