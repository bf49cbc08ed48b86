import type { DashboardCatalogue } from './dashboard.en.ts';

export const dashboardEs: DashboardCatalogue = {
  title: 'Tablero',
  noData: '¡No hay datos disponibles!',
  loading: 'Cargando el tablero…',
  failed: 'No se pudo leer el tablero en este dispositivo.',
  sample: {
    label: 'Datos de ejemplo',
    type: 'Tipo de ejemplo {{n}}',
    note: 'Este espacio aún no tiene casos: la distribución muestra cifras de ejemplo, no reales.',
  },
  timespan: {
    label: 'Periodo',
    options: { '1': '24 horas', '2': '7 días', '3': '30 días', '4': '90 días', '5': 'Rango personalizado' },
    from: 'Desde',
    to: 'Hasta',
  },
  freshness: {
    asOf: 'Cifras al {{date}}',
    none: 'Aún no han llegado cifras a este dispositivo.',
    offline: 'Sin conexión: cifras al {{date}}, última sincronización {{synced}}',
    offlineAsOf: 'Sin conexión: cifras al {{date}}',
    offlineNever: 'Sin conexión: estas cifras aún no se han sincronizado',
    arriving: 'Las cifras siguen llegando…',
  },
  typePanel: {
    title: 'Tipos y estados de caso',
    types: 'Tipos de caso',
    states: 'Estados de {{type}}',
    noTypes: 'No se encontraron tipos de caso',
    noStates: 'No se encontraron estados para este tipo',
    pick: 'Elija un tipo de caso para ver sus estados.',
    noState: 'Sin estado',
    activity: 'Actividad',
    activityLabel: 'Actividad de {{type}}',
    cases_one: '{{count}} caso',
    cases_other: '{{count}} casos',
  },
};
