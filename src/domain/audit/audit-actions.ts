/**
 * Every action the audit trails record, with its readable name and its kind. One list, read by the server (to filter
 * by kind) and by the screens (to name the events), so that a new action is named once and filed once.
 *
 * - security: sign-ins, codes, lockouts, passwords, role changes and session ends (the security events);
 * - admin: what the workspace's admins, or the platform admin on the workspace's behalf, changed.
 */
export type AuditKind = 'security' | 'admin';

interface AuditAction {
  label: string;
  kind: AuditKind;
  /** The platform admin's own trail words it from the platform's side. */
  platformLabel?: string;
}

export const AUDIT_ACTIONS: Readonly<Record<string, AuditAction>> = {
  // Security events.
  SIGN_IN: { label: 'Signed in', kind: 'security' },
  SIGN_IN_FAILED: { label: 'Failed sign-in', kind: 'security' },
  SIGN_OUT: { label: 'Signed out', kind: 'security' },
  SIGN_IN_CODE_REQUESTED: { label: 'Asked for a sign-in code', kind: 'security' },
  PASSWORD_RESET_REQUESTED: { label: 'Asked to reset password', kind: 'security' },
  PASSWORD_RESET: { label: 'Reset password', kind: 'security' },
  PASSWORD_CHANGED: { label: 'Changed password', kind: 'security' },
  PASSWORD_CHANGE_FAILED: { label: 'Failed password change', kind: 'security' },
  ACCOUNT_LOCKED: { label: 'Account locked', kind: 'security' },
  ACCOUNT_UNLOCKED: { label: 'Account unlocked by an admin', kind: 'security' },
  CODE_REFUSED_LOCKED: { label: 'Asked for a code while locked', kind: 'security' },
  IDENTITY_LINKED: { label: 'Linked a Google or Microsoft account', kind: 'security' },
  INVITE_CLAIMED: { label: 'Accepted the invitation', kind: 'security' },
  PROFILE_UPDATED: { label: 'Updated own profile', kind: 'security' },
  ROLE_CHANGED: { label: 'Role changed', kind: 'security' },
  'user.signed_out_everywhere': { label: 'Signed out everywhere by an admin', kind: 'security' },
  USER_SIGNED_UP: { label: 'Signed up', kind: 'security' },
  SIGN_UP_EXISTING_ACCOUNT: { label: 'Tried to sign up with an existing account', kind: 'security' },
  EMAIL_CONFIRMED: { label: 'Confirmed email', kind: 'security' },
  CONFIRMATION_EMAIL_RESENT: { label: 'Asked for a new confirmation link', kind: 'security' },
  PROFILE_IMAGE_UPLOADED: { label: 'Profile picture changed', kind: 'security' },
  PROFILE_IMAGE_REMOVED: { label: 'Profile picture removed', kind: 'security' },

  // The workspace's admins.
  'branch.created': { label: 'Business unit created', kind: 'admin' },
  'branch.updated': { label: 'Business unit renamed', kind: 'admin' },
  'branch.headquarters-moved': { label: 'Headquarters moved', kind: 'admin' },
  'branch.deleted': { label: 'Business unit deleted', kind: 'admin' },
  'branch.colour-set': { label: 'Business unit colour set', kind: 'admin' },
  'department.created': { label: 'Department created', kind: 'admin' },
  'department.renamed': { label: 'Department renamed', kind: 'admin' },
  'department.deleted': { label: 'Department deleted', kind: 'admin' },
  'department.manager-added': { label: 'Department manager appointed', kind: 'admin' },
  'department.manager-removed': { label: 'Department manager removed', kind: 'admin' },
  'workspace.colour-set': { label: 'Workspace colour set', kind: 'admin' },
  'workspace.logo-uploaded': { label: 'Logo uploaded', kind: 'admin' },
  'workspace.logo-removed': { label: 'Logo removed', kind: 'admin' },
  'workspace.settings-updated': { label: 'Workspace settings changed', kind: 'admin' },
  'workspace.calendar-updated': { label: 'Workspace time zone or region changed', kind: 'admin' },
  USER_UPDATED: { label: 'Person edited', kind: 'admin' },
  USER_DEACTIVATED: { label: 'Person deactivated', kind: 'admin' },
  USER_REACTIVATED: { label: 'Person reactivated', kind: 'admin' },
  USER_DELETED: { label: 'Person deleted', kind: 'admin' },
  USERS_DELETED_BY_FILE: { label: 'People deleted by file', kind: 'admin' },
  USERS_IMPORTED: { label: 'People imported', kind: 'admin' },
  USERS_IMPORT_CANCELLED: { label: 'Import cancelled', kind: 'admin' },
  USERS_IMPORT_RESUMED: { label: 'Import resumed', kind: 'admin' },
  INVITES_CREATED: { label: 'People invited', kind: 'admin' },
  USERS_CREATED: { label: 'People added (not yet invited)', kind: 'admin' },
  INVITES_SENT: { label: 'Invitations sent', kind: 'admin' },
  INVITE_WITHDRAWN: { label: 'Invitation withdrawn', kind: 'admin' },
  'permissions.updated': { label: 'Permissions changed', kind: 'admin' },
  'template.saved': { label: 'Invitation email changed', kind: 'admin' },
  'course.created': { label: 'Course created', kind: 'admin' },
  'course.updated': { label: 'Course edited', kind: 'admin' },
  'course.deleted': { label: 'Course deleted', kind: 'admin' },
  'course.published': { label: 'Course published', kind: 'admin' },
  'course.cloned': { label: 'Course cloned', kind: 'admin' },
  'course.reordered': { label: 'Course contents reordered', kind: 'admin' },
  'course.reminder-toggled': { label: 'Course reminders switched', kind: 'admin' },
  'course.language-added': { label: 'Course language added', kind: 'admin' },
  'course.default-language-set': { label: 'Course primary language set', kind: 'admin' },
  'course.assigned': { label: 'Course assigned', kind: 'admin' },
  // The learner (server/learning/player): their own steps, and what admins did to their record.
  'learner.course.started': { label: 'Started a course', kind: 'admin' },
  'learner.answer.saved': { label: 'Saved an answer in a course', kind: 'admin' },
  'learner.lesson.completed': { label: 'Completed a lesson', kind: 'admin' },
  'learner.quiz.attempted': { label: 'Took a quiz', kind: 'admin' },
  'course.completed': { label: 'Completed a course', kind: 'admin' },
  'certificate.downloaded': { label: 'Downloaded a certificate', kind: 'admin' },
  'learner.attempts.set': { label: "Set a learner's quiz attempts", kind: 'admin' },
  'learner.attempts.increased': { label: 'Gave a learner more quiz attempts', kind: 'admin' },
  'learner.lesson.marked-done': { label: "Marked a learner's lesson done", kind: 'admin' },
  'learner.course.marked-done': { label: "Marked a learner's course done", kind: 'admin' },
  'course.completion.imported': { label: 'Imported past course completions', kind: 'admin' },
  // The complaints' committee set-up; what happens inside a case goes to the case's own log (docs/case.md).
  'committee.create': { label: 'Internal Committee created', kind: 'admin' },
  'committee.update': { label: 'Internal Committee changed', kind: 'admin' },
  'complaint-settings.save': { label: 'Complaint settings changed', kind: 'admin' },
  'complaint.file': { label: 'Complaint filed', kind: 'admin' },
  'complaint.list': { label: 'Complaints listed', kind: 'admin' },
  // Written to a case's own log by the confidential intake and the case records (docs/case.md).
  'complaint.read': { label: 'Case read', kind: 'admin' },
  'complaint.read.refused': { label: 'Case read refused (not theirs to read)', kind: 'admin' },
  'complaint.access.refused': { label: 'Case call refused (not theirs to make)', kind: 'admin' },
  'complaint.counts.read': { label: 'Open complaints counted by stage (counts only)', kind: 'admin' },
  'complaint.export': { label: 'Case file exported', kind: 'admin' },
  'receipt.sign-in': { label: 'Reporter signed in with the receipt key', kind: 'admin' },
  'message.post': { label: 'Message posted', kind: 'admin' },
  // Written to a case's own log by the committee's work on it (server/case/complaints, `ComplaintsService.log`).
  'complaint.confirm': { label: 'Complaint confirmed by the complainant', kind: 'admin' },
  'complaint.confirmation.read': { label: 'Complaint read for confirmation', kind: 'admin' },
  'complaint.deadlines': { label: 'Deadlines read', kind: 'admin' },
  'complaint.audit.read': { label: 'Access log read', kind: 'admin' },
  'complaint.audit.verify': { label: 'Access log verified', kind: 'admin' },
  'complaint.close': { label: 'Case closed with an outcome', kind: 'admin' },
  'events.read': { label: 'Interim relief and conciliation read', kind: 'admin' },
  'evidence.download': { label: 'Evidence downloaded', kind: 'admin' },
  'meeting.schedule': { label: 'Meeting scheduled', kind: 'admin' },
  'meeting.record': { label: 'Meeting minutes recorded', kind: 'admin' },
  'meeting.attendance': { label: 'Hearing attendance recorded (IN-06)', kind: 'admin' },
  'meeting.minutes.sign': { label: 'Meeting minutes signed', kind: 'admin' },
  'complaint.ex-parte': { label: 'Ex parte: the committee proceeds without a party (reasons recorded)', kind: 'admin' },
  'complaint.composition.override': {
    label: 'Proceeding with a committee not constituted as IN-02 asks (reasons recorded)',
    kind: 'admin',
  },
  'step.complete': { label: 'Step completed', kind: 'admin' },
  'step.recipients.read': { label: 'Recipients of a step’s mails shown', kind: 'admin' },
  'complaint.retention.read': { label: 'Retention of the case read', kind: 'admin' },
  // Canada's investigation (docs/case.md "Canada's investigation") and the LAB1206 categories of a notice (CA-10).
  'investigation.read': { label: 'Investigation read', kind: 'admin' },
  'investigation.propose': { label: 'Investigator proposed', kind: 'admin' },
  'investigation.agreement': { label: "A party's agreement to the investigator recorded", kind: 'admin' },
  'investigation.appoint': { label: 'Investigator appointed', kind: 'admin' },
  'investigation.report': { label: "Investigator's report written", kind: 'admin' },
  'investigation.evidence.download': { label: 'Evidence downloaded by the investigator', kind: 'admin' },
  'investigation.report.final': { label: "Investigator's report made final", kind: 'admin' },
  'investigation.report.delivered': { label: "Investigator's report sent to the parties", kind: 'admin' },
  'investigation.report.read': { label: "Investigator's report read", kind: 'admin' },
  'investigation.remove': { label: 'Investigator removed from the case', kind: 'admin' },
  'investigation.recommendation': { label: "Employer's decision on a recommendation recorded", kind: 'admin' },
  'occurrence.categories': { label: 'Occurrence categories recorded (CA-10)', kind: 'admin' },
  'occurrence.categories.read': { label: 'Occurrence categories read (CA-10)', kind: 'admin' },
  'member.recuse': { label: 'Member recused', kind: 'admin' },
  'member.recuse.witness': { label: 'Witness recused', kind: 'admin' },
  // Committee membership (docs/case.md "Committee membership"): in the workspace's log and each open case's.
  'committee.change.request': { label: 'Committee change asked for', kind: 'admin' },
  'committee.change.requested': { label: 'Committee change asked for', kind: 'admin' },
  'committee.change.approved': { label: 'Committee change approved', kind: 'admin' },
  'committee.change.rejected': { label: 'Committee change rejected', kind: 'admin' },
  'committee.change.refused': { label: 'Seating oneself on the committee refused', kind: 'admin' },
  'member.admit': { label: 'Member admitted to the case', kind: 'admin' },
  'respondent.confirm': { label: "Respondent's account confirmed", kind: 'admin' },
  'witness.confirm': { label: "A witness's account confirmed", kind: 'admin' },
  'stake.acknowledge': { label: 'Departure of a party or presiding officer acknowledged', kind: 'admin' },
  'stake.delete': { label: 'Account of a party or presiding officer deleted', kind: 'admin' },
  'stake.deactivate': { label: 'Account of a party or presiding officer deactivated', kind: 'admin' },
  'stake.delete.refused': { label: 'Deleting a party or presiding officer refused', kind: 'admin' },
  'stake.deactivate.refused': { label: 'Deactivating a party or presiding officer refused', kind: 'admin' },
  'access.deny': { label: 'Access denied to a person', kind: 'admin' },
  'access.restore': { label: 'Denied access restored', kind: 'admin' },
  'access.denied.read': { label: 'Denied people read', kind: 'admin' },
  'interim-relief.request': { label: 'Interim relief requested', kind: 'admin' },
  'interim-relief.decide': { label: 'Interim relief decided', kind: 'admin' },
  'conciliation.request': { label: 'Conciliation requested', kind: 'admin' },
  'conciliation.settle': { label: 'Settlement by conciliation recorded', kind: 'admin' },
  'evidence.add': { label: 'Evidence added', kind: 'admin' },
  'complaint.receipt-settings': { label: 'Receipt key expiry changed', kind: 'admin' },
  // Retention of closed cases (docs/case.md "Retention"): settings and purges in the workspace's log, the rest in the case's.
  'complaint.retention-settings': { label: 'Retention periods changed', kind: 'admin' },
  'complaint.purge': { label: 'Closed case purged under the retention rules', kind: 'admin' },
  'complaint.purge.warning': { label: 'Committee warned of a coming purge', kind: 'admin' },
  'complaint.purge.postpone': { label: 'Purge of a case postponed', kind: 'admin' },
  'complaint.legal-hold': { label: 'Legal hold placed on a case', kind: 'admin' },
  'complaint.legal-hold.lift': { label: 'Legal hold lifted', kind: 'admin' },
  'party.contact.change': { label: 'A party’s contact added or corrected', kind: 'admin' },
  'inquiry.start.set': { label: 'The inquiry’s start set (IN-07)', kind: 'admin' },
  'filing.extension.granted': { label: 'The filing time limit extended, with reasons (IN-03)', kind: 'admin' },
  'respondent.reply.recorded': { label: 'The respondent’s reply recorded (IN-05)', kind: 'admin' },
  'complaint.close.override': { label: 'Case closed with a mandatory step open (reasons recorded)', kind: 'admin' },
  'catalogue-course.offered': { label: 'Catalogue course offered to a workspace', kind: 'admin' },
  'catalogue-course.version-pushed': { label: 'Newer catalogue course version given to a workspace', kind: 'admin' },
  'course.unassigned': { label: 'Course unassigned', kind: 'admin' },
  'course.auto-assign.no-credits': { label: 'Auto-assignment short of credits', kind: 'admin' },
  'course.bulk-assigned': { label: 'Courses assigned from a file', kind: 'admin' },
  'course.due-date-changed': { label: 'Course due date changed', kind: 'admin' },
  'course.auto-assign-saved': { label: 'Course auto-assignment rule saved', kind: 'admin' },
  'course.auto-assign-reset': { label: 'Course auto-assignment rule removed', kind: 'admin' },
  'course.assignment-settings-changed': { label: 'Course due period and reminders changed', kind: 'admin' },
  'notification.course-reminder-sent': { label: 'Course reminder sent', kind: 'admin' },
  'notification.course-due-reminder-sent': { label: 'Course due reminder sent', kind: 'admin' },
  'notification.policy-reminder-sent': { label: 'Policy reminder sent', kind: 'admin' },
  'course.validity-changed': { label: 'Course validity (recertification) changed', kind: 'admin' },
  'course.recertification-assigned': { label: 'Course assigned again for recertification', kind: 'admin' },
  'lesson.created': { label: 'Lesson added', kind: 'admin' },
  'lesson.updated': { label: 'Lesson renamed', kind: 'admin' },
  'lesson.deleted': { label: 'Lesson deleted', kind: 'admin' },
  'lesson-block.created': { label: 'Lesson block added', kind: 'admin' },
  'lesson-block.updated': { label: 'Lesson block edited', kind: 'admin' },
  'lesson-block.deleted': { label: 'Lesson block deleted', kind: 'admin' },
  'quiz.created': { label: 'Quiz added', kind: 'admin' },
  'quiz.updated': { label: 'Quiz edited', kind: 'admin' },
  'quiz.deleted': { label: 'Quiz deleted', kind: 'admin' },
  'quiz-question.added': { label: 'Quiz question added', kind: 'admin' },
  'quiz-question.edited': { label: 'Quiz question edited', kind: 'admin' },
  'quiz-question.deleted': { label: 'Quiz question deleted', kind: 'admin' },
  'quiz-question.option-deleted': { label: 'Quiz answer option deleted', kind: 'admin' },
  'quiz-question.reordered': { label: 'Quiz questions reordered', kind: 'admin' },
  'template.reset': { label: 'Invitation email reset to the default', kind: 'admin' },
  // Course files (docs/files.md).
  'file.upload-started': { label: 'Course file upload started', kind: 'admin' },
  'file.uploaded': { label: 'Course file uploaded', kind: 'admin' },
  'file.refused': { label: 'Course file refused', kind: 'admin' },
  'course.cover-set': { label: 'Course cover image set', kind: 'admin' },
  // Policies and credits (docs/policies.md).
  'policy.published': { label: 'Policy published', kind: 'admin' },
  'compliance.jurisdictions-declared': { label: 'Jurisdictions declared', kind: 'admin' },
  'policy.publication-changed': { label: 'Policy publication changed', kind: 'admin' },
  'policy.accepted': { label: 'Policy accepted', kind: 'admin' },
  'policy.acceptance-recorded': { label: 'Policy acceptance recorded on someone’s behalf', kind: 'admin' },
  'credits.requested': { label: 'Course credits requested', kind: 'admin' },
  'credits.granted': {
    label: 'Course credits granted by the platform',
    platformLabel: 'Granted course credits',
    kind: 'admin',
  },
  // The platform's catalogue, in the platform's own trail.
  'jurisdiction.created': { label: 'Jurisdiction added', kind: 'admin' },
  'jurisdiction.updated': { label: 'Jurisdiction renamed', kind: 'admin' },
  'jurisdiction.deleted': { label: 'Jurisdiction deleted', kind: 'admin' },
  'compliance-category.created': { label: 'Compliance category added', kind: 'admin' },
  'compliance-category.updated': { label: 'Compliance category renamed', kind: 'admin' },
  'compliance-category.deleted': { label: 'Compliance category deleted', kind: 'admin' },
  'compliance.created': { label: 'Compliance added', kind: 'admin' },
  'compliance.updated': { label: 'Compliance changed', kind: 'admin' },
  'compliance.deleted': { label: 'Compliance deleted', kind: 'admin' },
  'catalogue-policy.created': { label: 'Catalogue policy created', kind: 'admin' },
  'catalogue-policy.updated': { label: 'Catalogue policy changed', kind: 'admin' },
  'catalogue-policy.versioned': { label: 'Catalogue policy version added', kind: 'admin' },
  'catalogue-policy.reviewed': { label: 'Catalogue policy reviewed, no change', kind: 'admin' },
  'catalogue-policy.deleted': { label: 'Catalogue policy deleted', kind: 'admin' },
  'catalogue-policy.upload-started': { label: 'Catalogue policy PDF upload started', kind: 'admin' },
  'catalogue-policy.upload-refused': { label: 'Catalogue policy PDF refused', kind: 'admin' },
  'catalogue-policy.document-uploaded': { label: 'Catalogue policy PDF uploaded', kind: 'admin' },
  // A workspace's own policy (docs/policies.md "A workspace's own policies"), on the workspace's record.
  'own-policy.created': { label: 'Own policy created', kind: 'admin' },
  'own-policy.updated': { label: 'Own policy changed', kind: 'admin' },
  'own-policy.versioned': { label: 'Own policy version added', kind: 'admin' },
  'own-policy.reviewed': { label: 'Own policy reviewed, no change', kind: 'admin' },
  'own-policy.deleted': { label: 'Own policy deleted', kind: 'admin' },
  'own-policy.upload-started': { label: 'Own policy PDF upload started', kind: 'admin' },
  'own-policy.upload-refused': { label: 'Own policy PDF refused', kind: 'admin' },
  'own-policy.document-uploaded': { label: 'Own policy PDF uploaded', kind: 'admin' },

  // The platform admin, on the workspace's record and in the platform's own trail.
  'workspace.created': {
    label: 'Workspace created by the platform',
    platformLabel: 'Created a workspace',
    kind: 'admin',
  },
  'workspace.deleted': {
    label: 'Workspace deleted by the platform',
    platformLabel: 'Deleted a workspace',
    kind: 'admin',
  },
  'workspace.url_changed': {
    label: 'Address changed by the platform',
    platformLabel: 'Changed a workspace address',
    kind: 'admin',
  },
  'workspace.user_limit_set': {
    label: 'User limit set by the platform',
    platformLabel: 'Set a user limit',
    kind: 'admin',
  },
  'workspace.contract_expiry_set': {
    label: 'Contract end date set by the platform',
    platformLabel: 'Set a contract expiry',
    kind: 'admin',
  },
  'workspace.modules_set': {
    label: 'Modules switched by the platform',
    platformLabel: 'Switched modules',
    kind: 'admin',
  },
  'feature_flag.created': { label: 'Feature flag created', platformLabel: 'Created a feature flag', kind: 'admin' },
  'feature_flag.updated': { label: 'Feature flag changed', platformLabel: 'Changed a feature flag', kind: 'admin' },
  'feature_flag.deleted': { label: 'Feature flag deleted', platformLabel: 'Deleted a feature flag', kind: 'admin' },
  'feature_flag.workspace_enabled': {
    label: 'Feature flag turned on by the platform',
    platformLabel: 'Turned a flag on for a workspace',
    kind: 'admin',
  },
  'feature_flag.workspace_disabled': {
    label: 'Feature flag turned off by the platform',
    platformLabel: 'Turned a flag off for a workspace',
    kind: 'admin',
  },
  FEATURE_FLAG_WORKSPACES_SET: {
    label: 'Feature flag workspaces set',
    platformLabel: "Set a flag's workspaces",
    kind: 'admin',
  },
  IP_RANGES_SET: {
    label: 'Allowed network ranges set by the platform',
    platformLabel: "Set a workspace's network ranges",
    kind: 'admin',
  },
  'allow_list.entry_added': {
    label: 'Added to the sign-up allow-list',
    platformLabel: 'Added to a sign-up allow-list',
    kind: 'admin',
  },
  'allow_list.entry_removed': {
    label: 'Removed from the sign-up allow-list',
    platformLabel: 'Removed from a sign-up allow-list',
    kind: 'admin',
  },
  'allow_list.imported': {
    label: 'Sign-up allow-list imported',
    platformLabel: 'Imported a sign-up allow-list',
    kind: 'admin',
  },
  'user.updated_by_platform': { label: 'Person edited by the platform', platformLabel: 'Edited a user', kind: 'admin' },
  'user.record_viewed': {
    label: "Person's record viewed by the platform",
    platformLabel: "Viewed a user's record",
    kind: 'admin',
  },
  'user_manual.published': { label: 'User manual published', platformLabel: 'Published a user manual', kind: 'admin' },
};

/** The security events, for the server's filter (an action not listed is an admin action). */
export const SECURITY_ACTIONS: readonly string[] = Object.entries(AUDIT_ACTIONS)
  .filter(([, a]) => a.kind === 'security')
  .map(([action]) => action);

/** An action's readable name; an unknown one shows its code. */
export function auditLabel(action: string, trail: 'workspace' | 'platform' = 'workspace'): string {
  const known = AUDIT_ACTIONS[action];
  if (!known) return action;
  return trail === 'platform' ? (known.platformLabel ?? known.label) : known.label;
}

/** The actions of one kind (or all), as options for a filter. */
export function auditActionOptions(kind?: AuditKind): { value: string; label: string }[] {
  return Object.entries(AUDIT_ACTIONS)
    .filter(([, a]) => !kind || a.kind === kind)
    .map(([value, a]) => ({ value, label: a.label }));
}
