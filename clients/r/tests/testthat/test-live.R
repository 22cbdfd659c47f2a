# The number of public colonies, as the platform's statistics count them.
ct_statistics_colonies <- function() {
  url <- paste0(Sys.getenv("CORALTHERMAL_TEST_URL"), "/api/public/statistics/")
  jsonlite::fromJSON(url)$coral_colonies
}

test_that("colonies come with typed columns, filtered as on the map", {
  live_server()
  all <- ct_colonies()
  expect_s3_class(all, "data.frame")
  expect_type(all$colony_id, "integer")
  expect_type(all$ed50, "double")
  expect_type(all$mmm, "double")
  expect_type(all$latitude, "double")
  expect_equal(length(unique(all$colony_id)), ct_statistics_colonies())

  pv <- ct_colonies(species = "Pocillopora verrucosa", ed50 = c(36, 38))
  expect_gt(nrow(pv), 0)
  expect_true(all(pv$species == "Pocillopora verrucosa"))
  # A colony passes with an ED50 in the range; each passing colony has one.
  in_range <- tapply(pv$ed50 >= 36 & pv$ed50 <= 38, pv$colony_id, any)
  expect_true(all(in_range))
  expect_lt(length(unique(pv$colony_id)),
            length(unique(ct_colonies(species = "Pocillopora verrucosa")$colony_id)))
})

test_that("paging through cursors gives the same colonies as one page", {
  live_server()
  paged <- ct_colonies(species = "Porites lobata", page_size = 7)
  whole <- ct_colonies(species = "Porites lobata", page_size = 1000)
  expect_gt(length(unique(paged$colony_id)), 7)
  expect_identical(paged, whole)
})

test_that("relative ranges and hide_flagged are sent as the map's filters", {
  live_server()
  relative <- ct_colonies(ed50_mmm = c(8, 9))
  expect_gt(nrow(relative), 0)
  passes <- tapply(relative$ed50_mmm >= 8 & relative$ed50_mmm <= 9, relative$colony_id, any)
  expect_true(all(passes))
  unflagged <- ct_colonies(hide_flagged = TRUE)
  expect_true(all(is.na(unflagged$quality_flags) |
                    !grepl("implausible_absolute|relative_mismatch", unflagged$quality_flags)))
})

test_that("results carry the citation and licences of the datasets they come from", {
  live_server()
  pv <- ct_colonies(species = "Pocillopora verrucosa", ed50 = c(36, 38))
  table <- ct_citation(pv, "table")
  expect_gt(nrow(table), 0)
  expect_match(ct_citation(pv, "bibtex"), "^@", all = TRUE)
  expect_match(ct_citation(pv), "\\(Version [0-9]+\\) \\[Data set", all = TRUE)
  expect_equal(length(ct_citation(pv)), nrow(table))
  expect_true(all(ct_licences(pv) %in% c(table$licence)))
})

test_that("a project's colonies, one dataset's colonies", {
  live_server()
  projects <- ct_projects()
  expect_type(projects$colony_count, "integer")
  expect_s3_class(projects$registration_date, "Date")
  project <- projects$name[which.min(projects$colony_count)]
  in_project <- ct_colonies(project = project)
  expect_true(all(grepl(project, in_project$projects, fixed = TRUE)))

  datasets <- ct_datasets()
  expect_s3_class(datasets$published_at, "POSIXct")
  dataset <- datasets[which.min(datasets$colonies), ]
  of_dataset <- ct_colonies(dataset = dataset$id)
  expect_equal(length(unique(of_dataset$colony_id)), dataset$colonies)
  expect_equal(ct_citation(of_dataset, "table")$dataset_id, dataset$id)
})

test_that("biosamples and species", {
  live_server()
  biosamples <- ct_biosamples(species = "Porites lobata", page_size = 500)
  expect_gt(nrow(biosamples), 0)
  expect_s3_class(biosamples$collection_date, "Date")
  expect_type(biosamples$colony_id, "integer")
  species <- ct_species()
  expect_true("Pocillopora verrucosa" %in% species$name)
})

test_that("one colony with its raw PAM data", {
  live_server()
  id <- ct_colonies(species = "Porites lobata")$colony_id[1]
  colony <- ct_colony(id)
  expect_equal(colony$colony$colony_id, id)
  expect_gt(nrow(colony$observations), 0)
  expect_type(colony$observations$pam_value, "double")
  expect_type(colony$observations$temperature, "double")
  expect_match(ct_citation(colony), "\\[Data set")
})

test_that("downloads of a view as CSV, GeoJSON and Darwin Core Archive", {
  live_server()
  csv <- ct_download("csv", species = "Pocillopora verrucosa", ed50 = c(36, 38))
  expect_true(all(csv$species == "Pocillopora verrucosa"))
  expect_type(csv$ed50_abs, "double")
  # The name as written is the CSV's last column (decision 0063), read as text.
  expect_equal(names(csv)[ncol(csv)], "verbatim_species")
  expect_type(csv$verbatim_species, "character")
  expect_false(anyNA(csv$verbatim_species))
  expect_gt(length(ct_citation(csv)), 0)

  geojson <- ct_download("geojson", species = "Pocillopora verrucosa")
  expect_type(geojson$longitude, "double")
  expect_true(all(geojson$species == "Pocillopora verrucosa"))

  project_id <- ct_projects()$id[1]
  occurrences <- ct_download("dwca", project_id = project_id)
  expect_gt(nrow(occurrences), 0)

  file <- tempfile(fileext = ".zip")
  on.exit(unlink(file))
  saved <- ct_download("dwca", file = file, dataset = ct_datasets()$id[1])
  expect_equal(as.character(saved), file)
  expect_true(file.exists(file))
  expect_gt(length(ct_licences(saved)), 0)
})

test_that("a client error stops with the server's message", {
  live_server()
  error <- tryCatch(ct_colony(99999999), error = function(e) e)
  expect_s3_class(error, "coralthermal_client_error")
  expect_equal(error$status, 404)
  expect_false(is.na(error$server_message))
  expect_match(conditionMessage(error), "404")
  paging <- tryCatch(ct_colonies(page_size = 0), error = function(e) e)
  expect_equal(paging$status, 400)
  expect_match(conditionMessage(paging), "limit")
  expect_error(ct_colonies(species = "No such coral"), NA)
})
