// Command tck runs the openCypher TCK feature files in a directory against a
// conformance harness and reports the scenarios that fail.
//
//	go run ./conformance/cmd/tck -features DIR [-json FILE] [-run REGEX] [-v]
//	        [-harness NAME] [-graphs DIR] [-timeout 30s] [-parallel N]
//
// It prints one line per failing scenario (feature, title, row and why) and
// ends with "N passed, N failed, N skipped". The exit status is 1 when a
// scenario failed, 2 on a usage or setup error.
package main
