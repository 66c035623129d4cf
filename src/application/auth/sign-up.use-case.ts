import { refuse, type Outcome } from '../shared/refusal';
import type { SignUpBody } from '../../contracts/main/signup.contract';
import { checkPassword, describePasswordProblem } from '../../domain/auth/password-policy';
import type { ConfirmEmailResult, ResendResult, SignUpApi, SignUpResult } from './sign-up.port';

/** Signs up: the password rules are checked here first (the server checks them again), then the account waits for its email. */
export class SignUp {
  constructor(private readonly api: SignUpApi) {}

  async execute(input: SignUpBody & { companyName?: string }): Promise<SignUpResult> {
    const { companyName, ...body } = input;
    const problem = checkPassword(body.userPassword, {
      words: ['safeplace', companyName, body.firstName, body.lastName, body.userEmail],
    });
    if (problem) {
      const message = describePasswordProblem(problem);
      return refuse('invalid', message, { code: 'weak-password', fields: { userPassword: message } });
    }
    return this.api.signUp({ ...body, userEmail: body.userEmail.trim() });
  }
}

/** Confirms the email from the code in the mailed link. */
export class ConfirmEmail {
  constructor(private readonly api: SignUpApi) {}

  execute(code: string): Promise<ConfirmEmailResult> {
    return this.api.confirmEmail(code);
  }
}

/** Asks for a new confirmation link; the answer is the same whether or not the account exists. */
export class ResendConfirmation {
  constructor(private readonly api: SignUpApi) {}

  execute(userEmail: string): Promise<ResendResult> {
    return this.api.resendConfirmation(userEmail.trim().toLowerCase());
  }
}
