"""Os tipos do motor que a web anota e recebe da ponte, com os nomes dele: um lugar só de onde a
web os importa (ela não importa `cotas.motor`)."""

from cotas.motor.candidatos import Candidato
from cotas.motor.certame import Certame as CertameMotor
from cotas.motor.colunar import TabelaCandidatos
from cotas.motor.edital import Edital, ModeloDeEdital
from cotas.motor.elegibilidade import CampoDoCandidato
from cotas.motor.legislacao import Lei
from cotas.motor.razoes import Razao, Referencia
from cotas.motor.regras import RegraGrupo, Regras

__all__ = [
    "CampoDoCandidato",
    "Candidato",
    "CertameMotor",
    "Edital",
    "Lei",
    "ModeloDeEdital",
    "Razao",
    "Referencia",
    "RegraGrupo",
    "Regras",
    "TabelaCandidatos",
]
