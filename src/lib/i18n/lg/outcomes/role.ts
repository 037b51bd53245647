import type { Outcomes } from '../../en/outcomes';

const role: Outcomes['role'] = {
  adminOnly: "Omukulu w'edduuka yekka y'asobola okukola kino",
  sellersOnly: "Omutunzi oba omukulu w'edduuka yekka y'asobola okukola kino",
  awaitingApproval: "Akawunti yo ey'omutunzi erindiridde edduuka okugikkiriza",
  notActive: "Akawunti yo ey'omutunzi tekola; tuukirira edduuka",
  editorsOnly: "Marketer oba omukulu w'edduuka yekka y'asobola okukyusa empapula z'edduuka",
  adminSetsThis: "omukulu w'edduuka yekka y'akiteekawo",
};

export default role;
