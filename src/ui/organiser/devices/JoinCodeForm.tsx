// A new join code: for which list, how long it joins doors, and how many. The code itself is
// made by the server; this form only asks.
import { type FormEvent, useId, useState } from 'react';
import { type AdminFailure, describeAdminError } from '../../../api/admin-failure';
import type { JoinCodeData } from '../../../api/fleet-client';
import type { NewJoinCode } from '../../../fleet/fleet-protocol';
import { JOIN_CODE_LIMITS } from '../../../fleet/fleet-protocol';
import { t } from '../../i18n/t';
import {
  type CustomUnit,
  type DraftProblem,
  type JoinCodeDraft,
  joinCodeRequest,
  problemWords,
  VALIDITY_CHOICES,
  type ValidityId,
} from './join-code-words';

interface Props {
  /** The lists a code may be for; with one, no choice is shown. */
  lists: readonly { slug: string; title: string }[];
  create(code: NewJoinCode): Promise<{ ok: true; value: JoinCodeData } | AdminFailure>;
  onCreated(code: JoinCodeData): void;
}

export function JoinCodeForm({ lists, create, onCreated }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<JoinCodeDraft>({
    checkinList: lists.length === 1 ? (lists[0]?.slug ?? '') : '',
    codeLabel: '',
    validity: '12h',
    customAmount: '',
    customUnit: 'hours',
    maxDevices: '10',
  });
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const [failure, setFailure] = useState<AdminFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<JoinCodeDraft>) => setDraft((d) => ({ ...d, ...change }));
  const only = lists.length === 1;
  const checkinList = only ? (lists[0]?.slug ?? '') : draft.checkinList;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const request = joinCodeRequest({ ...draft, checkinList });
    if (!request.ok) {
      setProblems(request.problems);
      return;
    }
    setProblems([]);
    setFailure(null);
    setBusy(true);
    const made = await create(request.value);
    setBusy(false);
    if (made.ok) onCreated(made.value);
    else setFailure(made);
  };
  const problem = (which: DraftProblem) =>
    problems.includes(which) ? (
      <p className="field-error" id={`${id}-${which}-error`}>
        {problemWords(which)}
      </p>
    ) : null;
  const described = (which: DraftProblem) =>
    problems.includes(which) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${which}-error` } : {};

  return (
    <form className="join-form" onSubmit={submit} noValidate data-testid="join-code-form">
      <div className="join-form__fields">
        {only ? null : (
          <div className="field">
            <label htmlFor={`${id}-list`}>{t('codeList')}</label>
            <select
              id={`${id}-list`}
              className="input"
              value={draft.checkinList}
              onChange={(e) => set({ checkinList: e.target.value })}
              {...described('list')}
            >
              <option value="">{t('codeListPick')}</option>
              {lists.map((list) => (
                <option key={list.slug} value={list.slug}>
                  {list.title}
                </option>
              ))}
            </select>
            {problem('list')}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-devices`}>{t('codeMaxDevices')}</label>
          <input
            id={`${id}-devices`}
            className="input"
            type="number"
            min={JOIN_CODE_LIMITS.minDevices}
            max={JOIN_CODE_LIMITS.maxDevices}
            value={draft.maxDevices}
            onChange={(e) => set({ maxDevices: e.target.value })}
            {...described('devices')}
          />
          {problem('devices')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-label`}>{t('codeLabel')}</label>
          <input
            id={`${id}-label`}
            className="input"
            value={draft.codeLabel}
            maxLength={JOIN_CODE_LIMITS.labelChars}
            placeholder={t('codeLabelExample')}
            onChange={(e) => set({ codeLabel: e.target.value })}
            {...described('label')}
          />
          {problem('label')}
        </div>
      </div>
      <fieldset className="fieldset join-form__validity">
        <legend>{t('codeValidity')}</legend>
        <div className="join-form__choices">
          {[...VALIDITY_CHOICES, { id: 'custom' as const, words: 'codeValidCustom' as const }].map(
            (choice) => (
              <label key={choice.id} className="choice">
                <input
                  type="radio"
                  name={`${id}-validity`}
                  checked={draft.validity === choice.id}
                  onChange={() => set({ validity: choice.id as ValidityId })}
                />
                {t(choice.words)}
              </label>
            ),
          )}
        </div>
        {draft.validity === 'custom' ? (
          <div className="join-form__custom">
            <div className="field">
              <label htmlFor={`${id}-amount`}>{t('codeCustomAmount')}</label>
              <input
                id={`${id}-amount`}
                className="input"
                inputMode="decimal"
                value={draft.customAmount}
                onChange={(e) => set({ customAmount: e.target.value })}
                {...described('validity')}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-unit`}>{t('codeCustomUnit')}</label>
              <select
                id={`${id}-unit`}
                className="input"
                value={draft.customUnit}
                onChange={(e) => set({ customUnit: e.target.value as CustomUnit })}
              >
                <option value="minutes">{t('codeUnitMinutes')}</option>
                <option value="hours">{t('codeUnitHours')}</option>
                <option value="days">{t('codeUnitDays')}</option>
              </select>
            </div>
          </div>
        ) : null}
        {problem('validity')}
      </fieldset>
      <div className="org-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('codeCreate')}
        </button>
      </div>
      {failure ? (
        <p className="org-failure" role="alert">
          {describeAdminError(failure)}
        </p>
      ) : null}
    </form>
  );
}
