import { createHash, randomBytes } from 'node:crypto';
import type { CheckResult } from './checks/types.ts';
import { readJsonFile, writeAtomically } from './persist.ts';
import { monthOf } from './time.ts';

export type Privacy = 0 | 1 | 2;

export interface AccountRecord {
  id: number;
  name: string;
  email: string;
  apiKey: string;
  planName: string;
  /** Own monthly quota; null takes the service default. */
  reportsPerMonth: number | null;
  apiAccess: boolean;
  createdAt: string;
}

export interface ReportRecord {
  id: number;
  accountId: number;
  /** Stripped final address, as sent to clients. */
  url: string;
  project: string;
  /** Full final address, kept to run the audit again. */
  fetchUrl: string;
  result: number | null;
  results: Record<string, CheckResult>;
  privacy: Privacy;
  passwordHash: string | null;
  generatedAt: string;
  createdAt: string;
  updatedAt: string;
}

interface StoreData {
  version: 1;
  nextAccountId: number;
  nextReportId: number;
  accounts: AccountRecord[];
  reports: ReportRecord[];
  /** Reports created per `accountId:YYYY-MM`; deleting a report does not lower it. */
  monthlyCreations: Record<string, number>;
}

const EMPTY: StoreData = { version: 1, nextAccountId: 1, nextReportId: 1, accounts: [], reports: [], monthlyCreations: {} };

/** All the service's data, in memory, written through to one JSON file when given one. */
export class Store {
  private data: StoreData;
  private saved: string;

  constructor(private readonly dataFile?: string) {
    const loaded = dataFile ? readJsonFile(dataFile) : undefined;
    if (loaded !== undefined && (loaded as Partial<StoreData>).version !== 1) {
      throw new Error(`${dataFile} is not a report service data file.`);
    }
    this.saved = JSON.stringify(loaded ?? EMPTY);
    this.data = JSON.parse(this.saved) as StoreData;
  }

  /**
   * Applies a change and writes it out; when the write fails the change is undone, so what
   * clients were told matches what a restart will show.
   */
  mutate<T>(change: (data: StoreData) => T): T {
    const result = change(this.data);
    if (this.dataFile) {
      const text = JSON.stringify(this.data);
      try {
        writeAtomically(this.dataFile, text);
        this.saved = text;
      } catch (error) {
        this.data = JSON.parse(this.saved) as StoreData;
        throw error;
      }
    }
    return result;
  }

  upsertAccount(seed: Omit<AccountRecord, 'id' | 'createdAt'>, now: string): AccountRecord {
    return this.mutate((data) => {
      const existing = data.accounts.find((a) => a.apiKey === seed.apiKey);
      if (existing) return Object.assign(existing, seed);
      const account = { ...seed, id: data.nextAccountId++, createdAt: now };
      data.accounts.push(account);
      return account;
    });
  }

  accountByKey(apiKey: string): AccountRecord | undefined {
    return this.data.accounts.find((a) => a.apiKey === apiKey);
  }

  accounts(): readonly AccountRecord[] {
    return this.data.accounts;
  }

  reportsOf(accountId: number): ReportRecord[] {
    return this.data.reports.filter((r) => r.accountId === accountId);
  }

  /** Any account's report: the public web page shows reports without a signed-in user. */
  reportById(id: number): ReportRecord | undefined {
    return this.data.reports.find((r) => r.id === id);
  }

  ownReport(accountId: number, id: number): ReportRecord | undefined {
    const report = this.reportById(id);
    return report?.accountId === accountId ? report : undefined;
  }

  createdInMonth(accountId: number, time: string): number {
    return this.data.monthlyCreations[`${accountId}:${monthOf(time)}`] ?? 0;
  }

  insertReports(fields: Omit<ReportRecord, 'id'>[], countTowardQuota: boolean): ReportRecord[] {
    return this.mutate((data) =>
      fields.map((f) => {
        const report = { ...f, id: data.nextReportId++ };
        data.reports.push(report);
        if (countTowardQuota) {
          const key = `${f.accountId}:${monthOf(f.createdAt)}`;
          data.monthlyCreations[key] = (data.monthlyCreations[key] ?? 0) + 1;
        }
        return report;
      }),
    );
  }

  updateReport(report: ReportRecord, patch: Partial<Omit<ReportRecord, 'id' | 'accountId'>>): ReportRecord {
    return this.mutate(() => Object.assign(report, patch));
  }

  deleteReport(report: ReportRecord): void {
    this.mutate((data) => {
      data.reports = data.reports.filter((r) => r !== report);
    });
  }
}

export function hashPassword(password: string): string {
  const salt = randomBytes(8).toString('hex');
  return `${salt}:${createHash('sha256')
    .update(salt + password)
    .digest('hex')}`;
}

export function passwordMatches(hash: string | null, password: string): boolean {
  if (!hash) return false;
  const [salt = '', digest] = hash.split(':');
  return (
    createHash('sha256')
      .update(salt + password)
      .digest('hex') === digest
  );
}
