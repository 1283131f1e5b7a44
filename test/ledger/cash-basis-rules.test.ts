import { describe, expect, it } from 'vitest';
import { cashBasisGap, deltasBetween, shareOf } from '../../shared/ledger/cash-basis-rules.ts';

// An invoice of 10.00 + 10% tax (11.00): receivable 1,100 debit, sales 1,000 and tax 100 credit, in cents.
const booked = { 'b:ar:USD': 1100, 'b:sales:USD': -1000, 'b:tax:USD': -100 };

describe('cash-basis rules', () => {
  it('shares each amount in proportion, rounding half away from zero, and gives all of it once settled in full', () => {
    expect(shareOf(booked, 300, 1100)).toEqual({ 'b:ar:USD': 300, 'b:sales:USD': -273, 'b:tax:USD': -27 });
    expect(shareOf({ x: 5, y: -5 }, 1, 2)).toEqual({ x: 3, y: -3 });
    expect(shareOf(booked, 1100, 1100)).toEqual(booked);
    expect(shareOf(booked, 0, 1100)).toEqual({ 'b:ar:USD': 0, 'b:sales:USD': 0, 'b:tax:USD': 0 });
  });

  it('a document owes its unsettled share, whatever the order of the settlements that add up to it', () => {
    const gap = (settled: number) => cashBasisGap(booked, settled, 1100, false);
    expect(gap(0)).toEqual({ 'b:ar:USD': -1100, 'b:sales:USD': 1000, 'b:tax:USD': 100 });
    // 3, 3 and 5: the cents recognised are 2.73, 2.72 and the remainder 4.55.
    expect(deltasBetween(gap(0), gap(300))['b:sales:USD']).toBe(-273);
    expect(deltasBetween(gap(300), gap(600))['b:sales:USD']).toBe(-272);
    expect(deltasBetween(gap(600), gap(1100))['b:sales:USD']).toBe(-455);
    expect(gap(1100)).toEqual({});
    // A settlement undone moves the gap back exactly.
    expect(deltasBetween(gap(600), gap(300))['b:sales:USD']).toBe(272);
  });

  it('a voided document and one of no total have no gap', () => {
    expect(cashBasisGap(booked, 0, 1100, true)).toEqual({});
    expect(cashBasisGap({ 'b:sales:USD': -500, 'b:discount:USD': 500 }, 0, 0, false)).toEqual({});
  });

  it('moves are after − before, without the zeros', () => {
    expect(deltasBetween({ a: 1, b: 2 }, { b: 2, c: -3 })).toEqual({ a: -1, c: -3 });
  });
});
