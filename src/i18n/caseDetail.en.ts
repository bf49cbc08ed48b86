import type { Widen } from './en.ts';

/** The case detail screen's texts (part 2 §2 Case detail, §8 'Case ID copied!', 'No logs found.'). */
export const caseDetailEn = {
  title: 'Case {{caseId}}',
  views: 'Case views',
  viewAccordion: 'Accordion',
  viewDashboard: 'Dashboard',
  copy: 'Copy Case ID',
  copied: 'Case ID copied!',
  copyFailed: 'The Case ID could not be copied',
  notFound: 'Case could not be retrieved!',
  loadingCase: 'Loading the case…',
  loading: 'Loading…',
  progress: {
    title: 'Progress',
    position: 'Step {{step}} of {{of}} ({{percent}}%)',
  },
  info: {
    title: 'Case info',
    moduleA: 'Module A',
    moduleB: 'Module B',
    batchId: 'Batch ID',
    state: 'State',
    status: 'Status',
    created: 'Created',
    data: 'Data',
    noData: 'No info found.',
    moreData: '{{count}} more fields not shown',
    caseId: 'Case ID',
    customerId: 'Customer ID',
    caseType: 'Case type',
    category: 'Category',
    description: 'Description',
    lastUpdate: 'Last update',
    closing: 'Closing',
  },
  notes: {
    title: 'Notes',
    add: 'Add note',
    edit: 'Edit',
    editNamed: 'Edit note {{title}}',
    editTitle: 'Edit note',
  },
  files: {
    upload: 'Upload files',
    pdfLoading: 'Opening the PDF…',
    pdfFailed: 'The PDF could not be shown: download it instead.',
    pdfPage: 'Page {{page}} of {{count}} of {{name}}',
  },
  logs: {
    title: 'Logs',
    caption: 'Logs of the case, newest first',
    none: 'No logs found.',
    date: 'Date',
    action: 'Action',
    field: 'Field changed',
    value: 'New value',
  },
  instances: {
    title: 'Instances',
    none: 'No instances for this case.',
    noAccess: 'The instances of a case are shown with the APPS module.',
  },
} as const;

export type CaseDetailCatalogue = Widen<typeof caseDetailEn>;
