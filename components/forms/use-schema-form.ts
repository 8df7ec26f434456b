"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldValues, type Resolver, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";

/**
 * A value that arrives with its module, fetched once: `lazy(() => import("@/lib/schemas/auth"))`.
 * Forms and API answers are checked with the shared zod schemas, and zod's runtime with the
 * form resolver is about 46 KiB of compressed script. Loaded this way it stays out of the first
 * load of a page (phones on a slow link paint sooner) and comes when someone starts to use a form.
 */
export type Lazy<T> = (() => Promise<T>) & { preload: () => void };

export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let pending: Promise<T> | null = null;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      // A failed chunk load (say, the link dropped) is tried again at the next use.
      pending = null;
      throw error;
    });
    return pending;
  };
  return Object.assign(get, {
    preload: () => {
      get().catch(() => undefined);
    },
  });
}

/**
 * Named exports of a module loaded on use: `const from = lazyModule(() => import("./schemas"))`,
 * then `from("loginAnswerSchema")` is a `Lazy` of that export (all share the module's one load).
 */
export function lazyModule<M>(load: () => Promise<M>) {
  const loaded = lazy(load);
  return <K extends keyof M>(name: K): Lazy<M[K]> => lazy(async () => (await loaded())[name]);
}

/** A schema checking form values `T` and giving `Out` (the values themselves unless it transforms). */
type SchemaOf<T extends FieldValues, Out> = z.ZodType<Out, T> | z.ZodType<T, FieldValues>;

/**
 * A schema made at each check from a loaded factory (say, one that reads today's date), with the
 * factory's module preloaded like any `lazy` value.
 */
export function schemaAtEachCheck<F, S>(factory: Lazy<F>, make: (loaded: F) => S): Lazy<S> {
  return Object.assign(async () => make(await factory()), { preload: factory.preload });
}

const resolverModule = lazy(() => import("@hookform/resolvers/zod"));

/** react-hook-form's zod resolver, with the schema and the resolver loaded at the first check. */
export function lazyZodResolver<T extends FieldValues, Out = T>(
  schema: Lazy<SchemaOf<T, Out>>,
): Resolver<T, unknown, Out> {
  return async (values, context, options) => {
    const [loaded, { zodResolver }] = await Promise.all([schema(), resolverModule()]);
    // zodResolver's types follow the schema's own; here they are the form's by construction.
    return (zodResolver(loaded) as unknown as Resolver<T, unknown, Out>)(values, context, options);
  };
}

/**
 * Loads what `lazy` holds as soon as someone starts to use the page (a key, a touch, a click, a
 * field taking focus), so the first check after typing does not wait for the network.
 */
function usePreloadOnInteraction(...values: Lazy<unknown>[]) {
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    const events = ["focusin", "pointerdown", "keydown"] as const;
    const preload = () => {
      for (const value of latest.current) value.preload();
      for (const event of events) document.removeEventListener(event, preload, true);
    };
    // A field that already has focus (autofocus, or focus kept across a step) counts as use.
    if (document.activeElement && document.activeElement !== document.body) {
      preload();
      return;
    }
    for (const event of events) document.addEventListener(event, preload, true);
    return () => {
      for (const event of events) document.removeEventListener(event, preload, true);
    };
  }, []);
}

/** What `useLoadedOnUse` has loaded, so a component mounted later renders it at once. */
const loadedValues = new WeakMap<Lazy<unknown>, { value: unknown }>();

/**
 * A `lazy` value to render with (a component's module): undefined until it has loaded. It loads
 * at the first key, touch or focus on the page like the preloads above, at once when `now`
 * (say, a field that must show a saved value), and when a load fails, again at the next of these.
 */
export function useLoadedOnUse<T>(value: Lazy<T>, now = false): T | undefined {
  const [loaded, setLoaded] = useState(() => loadedValues.get(value) as { value: T } | undefined);
  useEffect(() => {
    if (loaded) return;
    let active = true;
    const events = ["focusin", "pointerdown", "keydown"] as const;
    const listen = (on: boolean) => {
      for (const event of events) {
        if (on) document.addEventListener(event, load, true);
        else document.removeEventListener(event, load, true);
      }
    };
    function load() {
      listen(false);
      value().then(
        (module) => {
          loadedValues.set(value, { value: module });
          if (active) setLoaded({ value: module });
        },
        () => {
          // A failed chunk load (say, the link dropped): the next use tries again.
          if (active) listen(true);
        },
      );
    }
    if (now || (document.activeElement && document.activeElement !== document.body)) load();
    else listen(true);
    return () => {
      active = false;
      listen(false);
    };
  }, [value, loaded, now]);
  return loaded?.value;
}

/** For a form that builds its own resolver from lazy schemas: preloads them and zod's resolver. */
export function usePreloadChecks(...schemas: Lazy<unknown>[]) {
  usePreloadOnInteraction(resolverModule, ...schemas);
}

/**
 * A form check of its own (a `Resolver` that is not zod's, say one that reads typed amounts before
 * the schema checks them) from a module loaded on use like the schemas, and preloaded the same way.
 */
export function useLazyResolver<T extends FieldValues, Out>(
  resolver: Lazy<Resolver<T, unknown, Out>>,
): Resolver<T, unknown, Out> {
  usePreloadOnInteraction(resolver);
  return useMemo<Resolver<T, unknown, Out>>(
    () => async (values, context, options) => (await resolver())(values, context, options),
    [resolver],
  );
}

/**
 * `useForm` checked by a shared zod schema that is loaded when the form is first used. The
 * values' type is the schema's input, so a form needs no cast between the two.
 */
export function useSchemaForm<T extends FieldValues, Out = T>(
  schema: Lazy<SchemaOf<T, Out>>,
  props: Omit<UseFormProps<T, unknown, Out>, "resolver"> = {},
) {
  usePreloadOnInteraction(schema, resolverModule);
  const resolver = useMemo(() => lazyZodResolver(schema), [schema]);
  return useForm<T, unknown, Out>({ ...props, resolver });
}
