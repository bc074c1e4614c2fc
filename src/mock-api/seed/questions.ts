// Seeded questions and the answers of most live tickets.
import type { ServiceContext } from '../context';
import type { Event } from '../model/event';
import type { FieldType } from '../model/question';
import type { Random } from '../random';

const QUESTIONS: [slug: string, title: string, type: FieldType, options: string[], share: number][] = [
  ['t-shirt-size', 'T-shirt size', 'Select', ['XS', 'S', 'M', 'L', 'XL', 'XXL'], 0.85],
  [
    'dietary-requirements',
    'Dietary requirements',
    'Checkboxes',
    ['Vegetarian', 'Vegan', 'Gluten-free', 'Halal', 'Kosher'],
    0.3,
  ],
  [
    'how-did-you-hear-about-us',
    'How did you hear about us?',
    'Select',
    ['A friend', 'Social media', 'Newsletter', 'Search'],
    0.5,
  ],
];

/** Returns the ids of the questions, in order. */
export function seedQuestions(
  ctx: ServiceContext,
  random: Random,
  event: Event,
  ticketIds: number[],
): number[] {
  const { store } = ctx;
  const iso = ctx.clock.now().toISOString();
  const ids: number[] = [];
  QUESTIONS.forEach(([slug, title, fieldType, options, share], position) => {
    const question = store.insert('questions', {
      event_id: event.id,
      slug,
      title,
      description: null,
      field_type: fieldType,
      options,
      include_free_text_field: fieldType === 'Checkboxes',
      options_free_text_field: fieldType === 'Checkboxes' ? 'Other' : null,
      required: position === 0,
      position,
      release_ids: [],
      activity_ids: [],
      created_at: iso,
      updated_at: iso,
    });
    ids.push(question.id);
    for (const ticketId of ticketIds) {
      if (random.next() >= share) continue;
      const primary =
        fieldType === 'Checkboxes'
          ? options.filter(() => random.next() < 0.35).slice(0, 2)
          : random.pick(options);
      const ticket = store.get('tickets', ticketId);
      store.insertBuilt('answers', (id) => ({
        id,
        event_id: event.id,
        question_id: question.id,
        ticket_id: ticketId,
        primary_response: Array.isArray(primary) && primary.length === 0 ? [random.pick(options)] : primary,
        alternate_response: fieldType === 'Checkboxes' && random.next() < 0.05 ? 'No nuts, please' : null,
        download_url: null,
        created_at: ticket?.created_at ?? iso,
        updated_at: ticket?.created_at ?? iso,
      }));
    }
  });
  return ids;
}
