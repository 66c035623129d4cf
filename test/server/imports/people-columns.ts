/**
 * The people spreadsheet's twelve columns as the import's template has them, and the mapping that names each field's
 * column: one layout for the import tests and the import benchmarks.
 */
export const HEADER =
  'Email,First Name,Last Name,Employee ID,Gender,Department,Designation,Business Unit,Role,Home Address,Phone Number,Date of Joining';

/** The column of each field in a file headed by `HEADER`. */
export const FULL_MAPPING = {
  email: 0,
  firstName: 1,
  lastName: 2,
  employeeId: 3,
  gender: 4,
  department: 5,
  designation: 6,
  branch: 7,
  role: 8,
  homeAddress: 9,
  phoneNumber: 10,
  dateOfJoining: 11,
};
