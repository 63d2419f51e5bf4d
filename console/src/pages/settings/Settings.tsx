// Settings: run settings, schedule, flags for everyone who may read them; integration,
// notifications and members only for the roles that may manage them (the reason otherwise).
import { Restricted } from '../../components/Guarded';
import { Flags } from './Flags';
import { Integration } from './Integration';
import { Members } from './Members';
import { Notifications } from './Notifications';
import { OrgSettingsForm } from './OrgSettingsForm';
import { ScheduleForm } from './ScheduleForm';

export function SettingsPage() {
  return (
    <>
      <h1>Settings</h1>
      <OrgSettingsForm />
      <ScheduleForm />
      <Flags />
      <Restricted permission="integration:write" title="Board integration">
        <Integration />
      </Restricted>
      <Restricted permission="integration:write" title="Notifications">
        <Notifications />
      </Restricted>
      <Restricted permission="roles:manage" title="Members and roles">
        <Members />
      </Restricted>
    </>
  );
}
