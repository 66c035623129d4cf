import { Form } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DateRangeField } from '../../../src/ui/shared/date-range-field';

describe('a date range in a form', () => {
  it('names each of its two inputs: the first by the field’s label, the second by a label of its own', () => {
    const html = renderToStaticMarkup(
      <Form name="auto-assign">
        <Form.Item label="Joining date" name="joined" help="Joined between these dates, both included">
          <DateRangeField
            allowEmpty={[true, true]}
            placeholder={['Joined from', 'Joined until']}
            endLabel="Joined until"
          />
        </Form.Item>
      </Form>,
    );
    const inputs = [...html.matchAll(/<input [^>]*>/g)].map((m) => m[0]);
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toContain('id="auto-assign_joined"');
    expect(html).toMatch(/<label for="auto-assign_joined"[^>]*>Joining date<\/label>/);
    // Before, the second input had no id and no label: only a placeholder and the shared help text.
    expect(inputs[1]).toContain('id="auto-assign_joined-end"');
    expect(html).toContain('<label for="auto-assign_joined-end" class="visually-hidden">Joined until</label>');
  });
});
