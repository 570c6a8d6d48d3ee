// Package shell is the cyq command's query front end: a Session holds an
// open store, the current graph, parameters and output settings, and runs
// statements (Exec, RunScript, RunLines), shell commands (Command) and the
// interactive line-editing shell (Interactive).
//
// Input: statement text, split on `;` outside strings and comments (Split).
// Output: results printed as aligned tables, JSON, JSON lines or CSV
// (Write), and engine errors rendered with the offending line, a caret and
// the hint (Describe).
package shell
