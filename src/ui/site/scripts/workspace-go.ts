// The "find your workspace" forms (/identify, /report): builds the workspace's address from what was typed and goes
// there. Nothing is looked up, so the page reveals nothing about which workspaces exist.
import { workspaceAddress } from '../../../domain/leads/workspace-address';

const form = document.querySelector<HTMLFormElement>('form[data-workspace-go]');

if (form) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const input = form.elements.namedItem('workspace') as HTMLInputElement;
    const error = document.getElementById('f-workspace-error');
    const host = workspaceAddress(input.value, location.hostname);
    if (!host) {
      input.setAttribute('aria-invalid', 'true');
      if (error) error.textContent = 'Type the address as in your invitation, for example acme';
      input.focus();
      return;
    }
    location.assign(
      `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}${form.dataset.workspaceGo ?? '/signin'}`,
    );
  });
}
