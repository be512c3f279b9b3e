// Package agentinput holds the types every kind and the factory share: the
// Outcome of reading one value (a value with notes, absence, or an Ask),
// Note, Ask, Reading and Warning, the closed code sets, and the budgets.
//
// It parses nothing. Each kind has one owner package under kinds/ that
// reads its spellings and returns an Outcome; the factory decides what
// absence means for a property.
package agentinput
