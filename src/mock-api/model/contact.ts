/** A person's details as an order and each of its tickets hold them; any may be unknown. */
export interface Contact {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  company_name: string | null;
  phone_number: string | null;
  job_title: string | null;
}
