# The READMEs' examples work as written (npm run test:r points CORALTHERMAL_README_DIR at the
# repository; the platform's address in them is replaced by the test server's).
readme_code <- function(file, after) {
  lines <- readLines(file, encoding = "UTF-8", warn = FALSE)
  start <- grep(after, lines, fixed = TRUE)[1]
  fence <- which(lines == "```r")
  first <- fence[fence > start][1]
  last <- which(lines == "```")
  last <- last[last > first][1]
  code <- paste(lines[(first + 1):(last - 1)], collapse = "\n")
  gsub("http://localhost:8000", Sys.getenv("CORALTHERMAL_TEST_URL"), code, fixed = TRUE)
}

run_example <- function(code) {
  env <- new.env(parent = globalenv())
  grDevices::pdf(NULL)
  on.exit(grDevices::dev.off())
  output <- utils::capture.output(eval(parse(text = code), envir = env))
  list(env = env, output = output)
}

readme_dir <- function() {
  dir <- Sys.getenv("CORALTHERMAL_README_DIR", "")
  if (identical(dir, "")) testthat::skip("CORALTHERMAL_README_DIR is not set (run npm run test:r)")
  dir
}

test_that("the main README's three lines fetch, plot and cite", {
  live_server()
  code <- readme_code(file.path(readme_dir(), "README.md"), "From R, with the server running")
  expect_equal(length(strsplit(code, "\n")[[1]]), 3)
  run <- run_example(code)
  expect_gt(nrow(run$env$pv), 0)
  # The last line's value, the BibTeX (BibLaTeX @dataset) entries, is what the console shows.
  expect_true(any(grepl("@dataset{", run$output, fixed = TRUE)))
})

test_that("the R README's worked example fetches, plots and cites", {
  live_server()
  code <- readme_code(file.path(readme_dir(), "clients/r/README.md"), "## Worked example")
  run <- run_example(code)
  expect_true(all(run$env$pv$ed50 >= 36 & run$env$pv$ed50 <= 38))
  expect_true(all(run$env$pv$species == "Pocillopora verrucosa"))
  expect_gt(nrow(run$env$pv), 0)
})
