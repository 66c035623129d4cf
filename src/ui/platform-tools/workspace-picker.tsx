import { Select } from 'antd';
import { observer } from 'mobx-react-lite';
import type { WorkspaceChoices } from './workspace-choices';

/** A searchable single-workspace picker, labelled, searching on the server as the admin types. */
export const WorkspacePicker = observer(function WorkspacePicker({
  id,
  label,
  choices,
  value,
  onChange,
  extraOptions = [],
}: {
  id: string;
  label: string;
  choices: WorkspaceChoices;
  value: string | null;
  onChange: (workspaceId: string) => void;
  extraOptions?: { value: string; label: string }[];
}) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4, maxWidth: 420 }}>
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        aria-label={label}
        placeholder="Type a name or address"
        value={value ?? undefined}
        options={[...extraOptions, ...choices.byId]}
        loading={choices.searching}
        showSearch={{ filterOption: false, onSearch: (q) => void choices.search(q) }}
        onChange={(v: string) => onChange(v)}
        notFoundContent={choices.error ?? (choices.searching ? 'Searching…' : 'No workspace matches')}
      />
    </div>
  );
});
