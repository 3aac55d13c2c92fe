export { RibbonScreen } from './components/ribbon-screen';
export { RecentActivityCard, RunningJobsCard } from './components/activity-cards';
