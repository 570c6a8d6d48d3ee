// Command cyq is the command-line interface of the cyq graph engine: an
// interactive shell, non-interactive queries, bulk import and a demo.
//
//	cyq [--db DIR] [--graph NAME] [--read-only]    interactive shell
//	cyq --demo                                     shell on a demo graph
//	cyq query [-c TEXT | -f FILE] [flags]          run statements
//	cyq import [flags] ...                         bulk-load data
//	cyq serve [flags]                              the MCP server
//
// The store lives in $CYQ_DB, else $XDG_DATA_HOME/cyq, else
// ~/.local/share/cyq, unless --db says otherwise.
package main
