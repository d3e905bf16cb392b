/** `role-based-email-addresses`: local parts that name a role or a team (`sales`, `info`...), lower-case. */
declare module 'role-based-email-addresses' {
  const prefixes: readonly string[];
  export default prefixes;
}
