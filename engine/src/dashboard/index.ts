export { type DashboardSettings, dashboardModule } from './module.ts';
export { DASHBOARD_PATH } from './routes.ts';
