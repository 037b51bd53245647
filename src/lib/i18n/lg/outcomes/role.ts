import type { Outcomes } from '../../en/outcomes';
import { fieldName } from './field-names';

const role: Outcomes['role'] = {
  adminOnly: "Omukulu w'edduuka yekka y'asobola okukola kino",
  sellersOnly: "Omutunzi oba omukulu w'edduuka yekka y'asobola okukola kino",
  awaitingApproval: "Akawunti yo ey'omutunzi erindiridde edduuka okugikkiriza",
  notActive: "Akawunti yo ey'omutunzi tekola; tuukirira edduuka",
  editorsOnly: "Marketer oba omukulu w'edduuka yekka y'asobola okukyusa empapula z'edduuka",
  adminOnlyField: (field) => `${fieldName(field)}: omukulu w'edduuka yekka y'akiteekawo`,
};

export default role;
