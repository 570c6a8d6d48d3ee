// Package program is cyq's GraphProgram runtime: it validates programs,
// lowers each statement onto the shared logical plan (a Cypher operation
// is its query's plan collecting into the statement's result R; built-in
// endpoints are queries too), runs them against a working graph W with the
// operators + - & ? !, chains programs (W threads through up to ten), and
// stores programs in a file beside the store's data (store_file.go), which
// stays writable when the graph is open read-only.
//
// Input: a decoded *graphprogram.Program (the JSON front-end,
// parser/graphprogram) and an engine (New). Output: a *Result — the final
// working graph as JSON, a log entry per statement, and where the program
// stopped early, why.
package program
