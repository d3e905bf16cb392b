import { routerOf } from '../../shared/router';
import * as account from './account';
import * as research from './research';

/** resource -> operation -> execute (research submits the items as a batch). */
export const router = routerOf({
  research: { research: research.research.execute, getStatus: research.getStatus.execute },
  account: { get: account.get.execute },
});
