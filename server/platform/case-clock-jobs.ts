/**
 * The job that computes again the stored clocks of a workspace's open cases (server/case/complaints/case-jobs.ts
 * defines it): queued by whatever changes the calendar they count on (holidays, time zone, region).
 */
export const JOB_CASE_CLOCKS = 'case-clocks';
