import { routerOf } from '../../shared/router';
import * as autopilot from './autopilot';
import * as contact from './contact';
import * as lead from './lead';

/** resource -> operation -> execute (Add batches the items). */
export const router = routerOf({
  contact: {
    add: contact.add.execute,
    get: contact.get.execute,
    getAll: contact.getAll.execute,
    logActivity: contact.logActivity.execute,
    remove: contact.remove.execute,
    updateProperties: contact.updateProperties.execute,
  },
  lead: { close: lead.close.execute, get: lead.get.execute, getAll: lead.getAll.execute },
  autopilot: { getAll: autopilot.getAll.execute },
});
