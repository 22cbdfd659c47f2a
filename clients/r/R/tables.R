# The public lists as data frames with typed columns.

num <- function(value) if (is.null(value)) NA_real_ else as.numeric(value)
int <- function(value) if (is.null(value)) NA_integer_ else as.integer(value)
chr <- function(value) if (is.null(value)) NA_character_ else as.character(value)
joined <- function(values) if (length(values) == 0) NA_character_ else paste(unlist(values), collapse = "; ")
date_of <- function(text) as.Date(substr(text, 1, 10))
time_of <- function(text) as.POSIXct(sub("Z$", "", text), format = "%Y-%m-%dT%H:%M:%OS", tz = "UTC")

column <- function(items, f, type) vapply(items, f, type, USE.NAMES = FALSE)

# One value of a colony's ED5 or ED95 list matching an ED50 entry's condition and timepoint.
matching <- function(entries, condition, timepoint, key) {
  for (entry in entries) {
    if (identical(entry$condition, condition) && identical(entry$timepoint, timepoint)) {
      return(num(entry[[key]]))
    }
  }
  NA_real_
}

# One row per colony and ED50 entry (condition and timepoint), with the ED5 and ED95 of the same
# condition and timepoint beside it; a colony without ED50 has one row of NA thresholds.
colony_rows <- function(colonies) {
  rows <- lapply(colonies, function(colony) {
    entries <- colony$thermal_tolerances
    if (length(entries) == 0) entries <- list(list())
    lapply(entries, function(entry) list(colony = colony, entry = entry))
  })
  rows <- unlist(rows, recursive = FALSE)
  col <- function(f, type) column(rows, f, type)
  data.frame(
    colony_id = col(function(r) int(r$colony$id), integer(1)),
    name = col(function(r) chr(r$colony$name), character(1)),
    species = col(function(r) chr(r$colony$species), character(1)),
    country = col(function(r) chr(r$colony$country), character(1)),
    latitude = col(function(r) num(r$colony$latitude), numeric(1)),
    longitude = col(function(r) num(r$colony$longitude), numeric(1)),
    projects = col(function(r) joined(r$colony$projects), character(1)),
    collection_years = col(function(r) joined(r$colony$collection_years), character(1)),
    condition = col(function(r) chr(r$entry$condition), character(1)),
    timepoint = col(function(r) chr(r$entry$timepoint), character(1)),
    mmm = col(function(r) num(r$entry$sst_clim_mmm), numeric(1)),
    ed50 = col(function(r) num(r$entry$ed50), numeric(1)),
    ed50_mmm = col(function(r) num(r$entry$ed50_mmm), numeric(1)),
    ed5 = col(function(r) matching(r$colony$breakpoint_temperatures, r$entry$condition,
                                   r$entry$timepoint, "ed5"), numeric(1)),
    ed5_mmm = col(function(r) matching(r$colony$breakpoint_temperatures, r$entry$condition,
                                       r$entry$timepoint, "ed5_mmm"), numeric(1)),
    ed95 = col(function(r) matching(r$colony$thermal_limits, r$entry$condition,
                                    r$entry$timepoint, "ed95"), numeric(1)),
    ed95_mmm = col(function(r) matching(r$colony$thermal_limits, r$entry$condition,
                                        r$entry$timepoint, "ed95_mmm"), numeric(1)),
    quality_flags = col(function(r) joined(r$entry$quality_flags), character(1)),
    # Last, as in the downloads' CSV (decision 0063), so columns read by position stay put. The
    # feed gives the name as written only where it differs from the shown species.
    verbatim_species = col(function(r) chr(if (is.null(r$colony$verbatim_species))
      r$colony$species else r$colony$verbatim_species), character(1)),
    stringsAsFactors = FALSE
  )
}

#' Colonies with their thermal thresholds
#'
#' The public colonies, filtered as on the platform's map, one row per colony and ED50 entry
#' (assay condition and timepoint) with the ED5 and ED95 of that condition and timepoint. All
#' temperatures are in degrees C; \code{mmm} is the colony's maximum monthly mean sea surface
#' temperature and the \code{_mmm} columns are thresholds relative to it. Pages through the
#' list with the server's cursors.
#'
#' \code{species} is the name the platform shows and filters by: for a name WoRMS gives as a
#' synonym, its accepted name. The last column, \code{verbatim_species}, is the species as
#' written in the data (as the downloads' CSV), equal to \code{species} unless a synonym moved it.
#'
#' @param species A species name, exactly as the platform spells it (see \code{ct_species()}).
#' @param project A project name (see \code{ct_projects()}).
#' @param dataset Only the colonies of this dataset: its id, or \code{c(id, version)}.
#' @param years Collection years, e.g. \code{c(2022, 2023)}.
#' @param hide_flagged \code{TRUE} leaves out threshold entries with an untrustworthy quality flag
#'   (and colonies left with none), as the map's "hide flagged values".
#' @param ed50,ed5,ed95 Absolute ranges \code{c(min, max)} in degrees C: a colony passes with a value
#'   in the range.
#' @param ed50_mmm,ed5_mmm,ed95_mmm Ranges relative to the MMM, in degrees C above it.
#' @param page_size Colonies per request (1 to 1000).
#' @param base_url The platform's address (see \code{ct_url()}).
#' @return A data frame; \code{ct_citation()} and \code{ct_licences()} give what to cite.
#' @examples
#' \dontrun{
#' options(coralthermal.url = "https://platform.example.org")
#' pv <- ct_colonies(species = "Pocillopora verrucosa", ed50 = c(36, 38))
#' plot(ed50 ~ mmm, data = pv)
#' ct_citation(pv)
#' }
#' @export
ct_colonies <- function(species = NULL, project = NULL, dataset = NULL, years = NULL,
                        hide_flagged = FALSE, ed50 = NULL, ed50_mmm = NULL, ed5 = NULL,
                        ed5_mmm = NULL, ed95 = NULL, ed95_mmm = NULL, page_size = 1000,
                        base_url = NULL) {
  query <- map_filters(species, project, years, hide_flagged, ed50, ed50_mmm, ed5, ed5_mmm,
                       ed95, ed95_mmm)
  colonies <- ct_get_pages("/api/public/colonies/", query, base_url, page_size)
  rows <- colony_rows(colonies)
  view <- "/api/public/downloads/map/"
  view_query <- query
  if (!is.null(dataset)) {
    view <- view_path(dataset = dataset, base_url = base_url)
    view_query <- list()
    ids <- dataset_colony_ids(view, base_url)
    rows <- rows[rows$colony_id %in% ids, , drop = FALSE]
    rownames(rows) <- NULL
  }
  with_citation(rows, citation_of_datasets(datasets_of_view(view, view_query, base_url), base_url))
}

dataset_colony_ids <- function(view, base_url) {
  csv <- httr2::resp_body_string(ct_get(paste0(view, "colonies.csv"), base_url = base_url))
  table <- utils::read.csv(text = sub("^\ufeff", "", csv), stringsAsFactors = FALSE)
  unique(as.integer(table$colony_id))
}

#' Biosamples
#'
#' The public biosamples (nubbins), filtered as on the map: one row per biosample with its
#' collection date, colony and project.
#'
#' @inheritParams ct_colonies
#' @return A data frame with \code{id}, \code{name}, \code{collection_date} (Date),
#'   \code{colony_id} and \code{project_id}.
#' @export
ct_biosamples <- function(species = NULL, project = NULL, years = NULL, hide_flagged = FALSE,
                          ed50 = NULL, ed50_mmm = NULL, ed5 = NULL, ed5_mmm = NULL,
                          ed95 = NULL, ed95_mmm = NULL, page_size = 1000, base_url = NULL) {
  query <- map_filters(species, project, years, hide_flagged, ed50, ed50_mmm, ed5, ed5_mmm,
                       ed95, ed95_mmm)
  items <- ct_get_pages("/api/public/biosamples/", query, base_url, page_size)
  table <- data.frame(
    id = column(items, function(b) int(b$id), integer(1)),
    name = column(items, function(b) chr(b$name), character(1)),
    collection_date = date_of(column(items, function(b) chr(b$collection_date), character(1))),
    colony_id = column(items, function(b) int(b$colony), integer(1)),
    project_id = column(items, function(b) int(b$project), integer(1)),
    stringsAsFactors = FALSE
  )
  with_citation(table, citation_of_datasets(
    datasets_of_view("/api/public/downloads/map/", query, base_url), base_url))
}

#' Projects
#'
#' @inheritParams ct_colonies
#' @return A data frame of the public projects: \code{id}, \code{name}, \code{description},
#'   \code{registration_date}, \code{owner}, \code{sites}, \code{countries}, \code{species}
#'   (each "; "-separated), \code{colony_count}, \code{first_experiment} and
#'   \code{last_experiment} (Dates).
#' @export
ct_projects <- function(page_size = 1000, base_url = NULL) {
  items <- ct_get_pages("/api/public/projects/", list(), base_url, page_size)
  data.frame(
    id = column(items, function(p) int(p$id), integer(1)),
    name = column(items, function(p) chr(p$name), character(1)),
    description = column(items, function(p) chr(p$description), character(1)),
    registration_date = date_of(column(items, function(p) chr(p$registration_date), character(1))),
    owner = column(items, function(p) chr(p$owner$username), character(1)),
    sites = column(items, function(p) joined(p$sites), character(1)),
    countries = column(items, function(p) joined(p$countries), character(1)),
    species = column(items, function(p) joined(p$species), character(1)),
    colony_count = column(items, function(p) int(p$colony_count), integer(1)),
    first_experiment = date_of(column(items, function(p) chr(p$experiment_dates$first), character(1))),
    last_experiment = date_of(column(items, function(p) chr(p$experiment_dates$last), character(1))),
    stringsAsFactors = FALSE
  )
}

#' Datasets
#'
#' @param search Words to look for in titles and descriptions.
#' @param project A project id: only its datasets.
#' @inheritParams ct_colonies
#' @return A data frame of the published datasets: \code{id}, \code{project_id},
#'   \code{project}, \code{title}, \code{owner}, \code{licence}, \code{version}, \code{state},
#'   \code{withdrawn}, \code{published_at} (POSIXct), \code{embargo_until} (Date),
#'   \code{colonies}, \code{observations} and \code{thresholds}.
#' @export
ct_datasets <- function(search = NULL, project = NULL, base_url = NULL) {
  items <- ct_get_json("/api/public/datasets/",
                       list(q = text_param(search, "search"),
                            project = if (is.null(project)) NULL else as.integer(project)),
                       base_url)
  data.frame(
    id = column(items, function(d) int(d$id), integer(1)),
    project_id = column(items, function(d) int(d$project$id), integer(1)),
    project = column(items, function(d) chr(d$project$name), character(1)),
    title = column(items, function(d) chr(d$title), character(1)),
    owner = column(items, function(d) chr(d$owner$username), character(1)),
    licence = column(items, function(d) chr(d$licence), character(1)),
    version = column(items, function(d) int(d$version), integer(1)),
    state = column(items, function(d) chr(d$state), character(1)),
    withdrawn = column(items, function(d) isTRUE(d$withdrawn), logical(1)),
    published_at = time_of(column(items, function(d) chr(d$published_at), character(1))),
    embargo_until = date_of(column(items, function(d) chr(d$embargo_until), character(1))),
    colonies = column(items, function(d) int(d$counts$colonies), integer(1)),
    observations = column(items, function(d) int(d$counts$observations), integer(1)),
    thresholds = column(items, function(d) int(d$counts$thresholds), integer(1)),
    stringsAsFactors = FALSE
  )
}

#' Species
#'
#' @inheritParams ct_colonies
#' @return A data frame of every species with its number of public colonies
#'   (\code{name}, \code{colony_count}).
#' @export
ct_species <- function(base_url = NULL) {
  items <- ct_get_json("/api/public/species/", base_url = base_url)
  data.frame(
    name = column(items, function(s) chr(s$name), character(1)),
    colony_count = column(items, function(s) int(s$colony_count), integer(1)),
    stringsAsFactors = FALSE
  )
}

#' One colony with its raw PAM data
#'
#' @param id The colony's id (the \code{colony_id} of \code{ct_colonies()}).
#' @inheritParams ct_colonies
#' @return A list: \code{colony} (a one-row data frame; \code{species} as shown, a synonym's
#'   accepted name, and \code{verbatim_species} as written), \code{thresholds} (its ED50 entries
#'   with ED5 and ED95, as in \code{ct_colonies()}), \code{observations} (the raw PAM data: one
#'   row per biosample measurement with \code{condition}, \code{timepoint}, \code{temperature}
#'   in degrees C and \code{pam_value}) and \code{projects}. Carries the citation of its dataset version.
#' @export
ct_colony <- function(id, base_url = NULL) {
  if (!is.numeric(id) || length(id) != 1 || is.na(id)) stop("id must be one colony id.", call. = FALSE)
  colony <- ct_get_json(sprintf("/api/public/colonies/%d/", as.integer(id)), base_url = base_url)
  observations <- colony$observations
  thresholds <- colony_rows(list(colony))
  result <- list(
    colony = thresholds[1, c("colony_id", "name", "species", "country", "latitude", "longitude",
                             "verbatim_species"), drop = FALSE],
    thresholds = thresholds[, setdiff(names(thresholds), c("projects", "collection_years")),
                            drop = FALSE],
    observations = data.frame(
      id = column(observations, function(o) int(o$id), integer(1)),
      biosample_id = column(observations, function(o) int(o$biosample$id), integer(1)),
      biosample = column(observations, function(o) chr(o$biosample$name), character(1)),
      condition = column(observations, function(o) chr(o$condition), character(1)),
      timepoint = column(observations, function(o) chr(o$timepoint), character(1)),
      temperature = column(observations, function(o) num(o$temperature), numeric(1)),
      pam_value = column(observations, function(o) num(o$pam_value), numeric(1)),
      stringsAsFactors = FALSE
    ),
    projects = data.frame(
      id = column(colony$projects, function(p) int(p$id), integer(1)),
      name = column(colony$projects, function(p) chr(p$name), character(1)),
      stringsAsFactors = FALSE
    )
  )
  dataset <- colony$dataset
  datasets <- if (is.null(dataset)) list() else
    list(list(dataset_id = dataset$id, version = dataset$version, licence = dataset$licence,
              url = dataset$citation$url, doi = NULL, citation_key = NULL))
  with_citation(result, citation_of_datasets(datasets, base_url))
}
