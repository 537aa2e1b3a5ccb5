export function postgresAvailable(): boolean;
export function startTempPostgres(): Promise<{ url: string; stop: () => void }>;
