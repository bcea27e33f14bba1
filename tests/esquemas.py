"""As colunas do arquivo de candidatos de um certame sob a lei de Montenegro (um grupo com
reserva, verificado pela comissão) ou de Mostardas (sem comissão), como as leituras as recebem."""

from __future__ import annotations

from datetime import date

from cotas.arquivos.esquema import Esquema, esquema_do_certame
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.regras import regras_aplicaveis


def esquema_teste(comissao: bool = False) -> Esquema:
    municipio = "Montenegro/RS" if comissao else "Mostardas/RS"
    regras = regras_aplicaveis(catalogo_padrao(), data_edital=date(2025, 6, 1), municipio=municipio)
    return esquema_do_certame(regras)
