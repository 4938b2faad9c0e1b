'use client';
import { useEffect } from 'react';
import { installMapReadout } from './readout';

/**
 * A page reached by client-side navigation never runs the read-out's inline script (inner HTML):
 * installed here once mounted. On a full page load the inline script got there first and this does
 * nothing.
 */
export function ReadoutAfterNavigation() {
  useEffect(installMapReadout, []);
  return null;
}
