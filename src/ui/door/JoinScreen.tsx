import { type FormEvent, Suspense, useId, useState } from 'react';
import { describeError } from '../error-words';
import { groupedJoinCode, parseJoinCode } from '../../domain/join-code';
import { parseListCredential } from '../../domain/list-credential';
import { parseScannedCode } from '../../domain/scan-code';
import { requestPersistentStorage } from '../../pwa/persistent-storage';
import { appStore } from '../../state/app-store';
import { takeBadgeLayout } from '../../state/badge-layouts';
import { useAppStore } from '../../state/use-app-store';
import { t } from '../i18n/t';
import { knownServiceOrigins, rememberServiceOrigin } from '../../state/known-services';
import { servedBy } from '../shared/served-by';
import { ForeignServiceDialog } from './ForeignServiceDialog';
import {
  isUnfamiliarService,
  joinWithService,
  type ServiceChoice,
  serviceOriginOf,
  validServiceUrl,
} from './join-service';
import { useDoorEngine, useDoorStatus } from '../hooks/useDoor';
import type { ListSummary } from '../../sync/engine/door-protocol';
import { useCameraView } from './camera-view-chunk';
import { type JoinLink, readJoinLink } from './join-link';
import { usePasscodeFirst } from './usePasscodeFirst';

interface Props {
  /** A slug or address handed over by the route (a web check-in address opened here). */
  initialCode?: string;
  /** The door kit's link opened here: only the device's name is asked for. */
  link?: JoinLink | null;
  onJoined(): void;
}

/** What the scan screen says once after a join: can the organiser revoke this door? */
function noteJoined(list: ListSummary) {
  appStore.getState().setShell({ joined: { title: list.title, door: list.door?.name ?? null } });
}

const CHOICES: { value: ServiceChoice; label: Parameters<typeof t>[0] }[] = [
  { value: 'auto', label: 'joinServiceAuto' },
  { value: 'demo', label: 'joinServiceDemo' },
  { value: 'server', label: 'joinServiceServer' },
  { value: 'url', label: 'joinServiceUrl' },
];

export function JoinScreen({ initialCode = '', link = null, onJoined }: Props) {
  const CameraView = useCameraView();
  const engine = useDoorEngine();
  const { lists } = useDoorStatus();
  const { deviceName, cameraDeviceId } = useAppStore((s) => ({
    deviceName: s.settings.deviceName,
    cameraDeviceId: s.settings.cameraDeviceId,
  }));
  const [code, setCode] = useState(initialCode);
  const [name, setName] = useState(deviceName);
  const [choice, setChoice] = useState<ServiceChoice>('auto');
  const [url, setUrl] = useState('');
  const [scanning, setScanning] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<{ field: 'code' | 'name' | 'url' | 'form'; text: string } | null>(null);
  const [asking, setAsking] = useState<{ value: string; origin: string } | null>(null);
  const ids = { code: useId(), name: useId(), url: useId(), error: useId() };
  const passcode = usePasscodeFirst();

  /**
   * A join code, spent at the app's own server (or the server whose link it was, once the person
   * agrees to a server this device has not used).
   */
  const joinWithCode = (joinCode: JoinLink, value: string, confirmed: boolean) => {
    const serverUrl = joinCode.origin ?? window.location.origin;
    if (!confirmed && isUnfamiliarService(serverUrl, lists, knownServiceOrigins()))
      return setAsking({ value, origin: serverUrl });
    passcode.ensure(() => void spendCode(joinCode, serverUrl));
  };

  const spendCode = async (joinCode: JoinLink, serverUrl: string) => {
    setWorking(true);
    appStore.getState().setSettings({ deviceName: name.trim() });
    const result = await engine.joinByCode(joinCode.code, serverUrl, name.trim());
    setWorking(false);
    if (!result.ok) {
      const reason = result.reason === 'not-found' ? t('joinCodeUnknown') : describeError(result);
      return setError({ field: 'form', text: t('joinFailed', { reason }) });
    }
    // The link's badge layout is kept for the list as a list link's is (its slug here is the
    // device's credential); a typed code carries none, and then what was kept stays.
    if (joinCode.badge) takeBadgeLayout(result.value.slug, joinCode.badge);
    void requestPersistentStorage();
    noteJoined(result.value);
    onJoined();
  };

  const join = async (value: string, confirmed = false) => {
    const joinCode = link ?? readJoinLink(value.trim());
    if (!joinCode && !parseListCredential(value))
      return setError({ field: 'code', text: t('doorSlugInvalid') });
    if (!name.trim()) return setError({ field: 'name', text: t('joinDeviceNameMissing') });
    if (joinCode) return joinWithCode(joinCode, value, confirmed);
    if (choice === 'url' && !validServiceUrl(url)) {
      setAdvanced(true);
      return setError({ field: 'url', text: t('joinServiceUrlInvalid') });
    }
    setError(null);
    // A relay's upstream address goes through the relay: known once the server has said so.
    if (choice === 'auto') await servedBy();
    // A list on a service this device has never used is joined only once the person agrees.
    const origin = serviceOriginOf(value.trim(), choice, url.trim());
    if (!confirmed && origin && isUnfamiliarService(origin, lists, knownServiceOrigins()))
      return setAsking({ value, origin });
    passcode.ensure(() => void joinList(value));
  };

  const joinList = async (value: string) => {
    setWorking(true);
    appStore.getState().setSettings({ deviceName: name.trim() });
    const result = await joinWithService(engine, value.trim(), choice, url.trim());
    setWorking(false);
    if (!result.ok)
      return setError({ field: 'form', text: t('joinFailed', { reason: describeError(result) }) });
    void requestPersistentStorage();
    noteJoined(result.value);
    onJoined();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void join(code);
  };

  const errorFor = (field: 'code' | 'name' | 'url') =>
    error?.field === field ? (
      <p id={ids.error} className="field-error" role="alert">
        {error.text}
      </p>
    ) : null;
  const describedBy = (field: 'code' | 'name' | 'url') => (error?.field === field ? ids.error : undefined);

  const nameAndJoin = (
    <>
      <label htmlFor={ids.name}>{t('joinDeviceName')}</label>
      <input
        id={ids.name}
        className="input"
        value={name}
        maxLength={40}
        placeholder={t('joinDeviceNamePlaceholder')}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={error?.field === 'name' ? true : undefined}
        aria-describedby={describedBy('name')}
      />
      {errorFor('name') ?? <p className="muted help">{t('joinDeviceNameHelp')}</p>}

      {error?.field === 'form' && (
        <p className="field-error" role="alert">
          {error.text}
        </p>
      )}
      <button type="submit" className="button button--primary button--large" disabled={working}>
        {working ? t('joinWorking') : t('doorJoin')}
      </button>
    </>
  );
  const foreign = asking && (
    <ForeignServiceDialog
      origin={asking.origin}
      onCancel={() => setAsking(null)}
      onJoin={() => {
        rememberServiceOrigin(asking.origin);
        setAsking(null);
        void join(asking.value, true);
      }}
    />
  );

  // The door's passcode, chosen or typed before the join goes on.
  if (passcode.step) return passcode.step;
  // The door kit's link: the code came with it, only the device's name is asked for.
  if (link)
    return (
      <section className="panel join" aria-labelledby="door-title" data-testid="join-by-link">
        <h1 id="door-title">{t('joinLinkTitle')}</h1>
        <p className="muted">{t('joinLinkIntro', { code: groupedJoinCode(link.code) })}</p>
        <form className="form" onSubmit={submit} noValidate>
          {nameAndJoin}
        </form>
        {foreign}
      </section>
    );

  return (
    <section className="panel join" aria-labelledby="door-title">
      <h1 id="door-title">{t('doorTitle')}</h1>
      <p className="muted">{t('doorIntro')}</p>

      <button type="button" className="button join__scan" onClick={() => setScanning((v) => !v)}>
        {scanning ? t('joinScanQrStop') : t('joinScanQr')}
      </button>
      {scanning && (
        <Suspense fallback={<p className="muted">{t('cameraStarting')}</p>}>
          <div className="join__camera">
            <CameraView
              paused={working}
              deviceId={cameraDeviceId}
              onDeviceChosen={(id) => appStore.getState().setSettings({ cameraDeviceId: id })}
              onCode={(text) => {
                const scanned = parseScannedCode(text);
                if (scanned.kind !== 'checkin-list' && !parseJoinCode(text))
                  return setError({ field: 'code', text: t('joinScanWrongCode') });
                setScanning(false);
                setCode(text);
                void join(text);
              }}
            />
          </div>
        </Suspense>
      )}

      <form className="form" onSubmit={submit} noValidate>
        <label htmlFor={ids.code}>{t('doorSlugLabel')}</label>
        <input
          id={ids.code}
          className="input input--large"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('doorSlugPlaceholder')}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={error?.field === 'code' ? true : undefined}
          aria-describedby={describedBy('code')}
        />
        {errorFor('code')}

        {nameAndJoin}
        {/* Where the list lives is rarely a door question: the default finds it. */}
        <details className="advanced" open={advanced} onToggle={(e) => setAdvanced(e.currentTarget.open)}>
          <summary>{t('joinAdvanced')}</summary>
          <fieldset className="fieldset">
            <legend>{t('joinService')}</legend>
            {CHOICES.map((c) => (
              <label key={c.value} className="choice">
                <input
                  type="radio"
                  name="service"
                  value={c.value}
                  checked={choice === c.value}
                  onChange={() => setChoice(c.value)}
                />
                {t(c.label)}
              </label>
            ))}
            {choice === 'url' && (
              <div className="field">
                <label htmlFor={ids.url}>{t('joinServiceUrlLabel')}</label>
                <input
                  id={ids.url}
                  className="input"
                  type="url"
                  inputMode="url"
                  value={url}
                  placeholder="https://checkin.example.com"
                  onChange={(e) => setUrl(e.target.value)}
                  aria-invalid={error?.field === 'url' ? true : undefined}
                  aria-describedby={describedBy('url')}
                />
                {errorFor('url')}
              </div>
            )}
          </fieldset>
        </details>
      </form>
      {foreign}
    </section>
  );
}
