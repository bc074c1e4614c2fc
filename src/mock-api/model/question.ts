import { defineIndex } from '../store/indexes';

export const FIELD_TYPES = ['Checkboxes', 'Country', 'File', 'Select', 'Text', 'Textarea'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** `options` is kept as a list; the Admin API takes and may show it newline-separated. */
export interface Question {
  id: number;
  event_id: number;
  slug: string;
  title: string;
  description: string | null;
  field_type: FieldType;
  options: string[];
  include_free_text_field: boolean;
  options_free_text_field: string | null;
  required: boolean | null;
  position: number;
  release_ids: number[];
  activity_ids: number[];
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    questions: Question;
  }
}

defineIndex('questions', 'byEvent', (q) => q.event_id);
defineIndex('questions', 'byEventSlug', (q) => `${q.event_id}:${q.slug}`);
