"""O certame reencenado no motor: as regras, os candidatos em colunas, as nomeações publicadas e
os eventos do banco, aplicados na ordem dos fatos; o motor PROPÕE as próximas nomeações, com
quem, qual vaga, qual lista e por quê. Um ato retoma o livro guardado do ato anterior
(`estado`) em vez de reencenar desde o edital."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cotas.motor import estado as livro
from cotas.motor.certame import Certame as CertameMotor
from cotas.motor.erros import ErroCotas
from cotas.motor.razoes import Razao
from cotas.motor.regras import Regras
from cotas_web.ponte import estado, eventos, leis, publicadas, tabela
from cotas_web.ponte import marcas as marcas_

if TYPE_CHECKING:
    from cotas.motor.colunar import TabelaCandidatos
    from cotas_web.certames.models import Certame

__all__ = [
    "certame_sem_eventos",
    "conferir_no_motor",
    "razao_da_saida",
    "reencenar",
    "reencenar_cargo",
]


def conferir_no_motor(certame: Certame) -> CertameMotor:
    """Reencena o certame com o fato que acaba de ser gravado e o recusa (`ValidationError`, com
    a mensagem do motor) se a lei não o admite; chamado dentro da transação que o gravou, desfaz
    tudo. Sem isso, um fato inadmissível (uma anulação depois da validade, uma data fora da ordem)
    deixaria o certame sem poder ser reencenado nunca mais. Devolve o certame reencenado, de onde
    o registro do ato tira o fundamento que o motor deu."""
    from django.core.exceptions import ValidationError

    try:
        return reencenar(certame)
    except ErroCotas as erro:
        raise ValidationError(str(erro)) from erro


def razao_da_saida(motor: CertameMotor, tipo: str, inscricao: str) -> Razao | None:
    """A razão que o motor deu à saída (`tipo`: desistencia, anulacao, final_de_fila) de
    `inscricao`, a última registrada; None se o motor não a viu (quem saiu antes da abertura
    das vagas nunca entra nas listas)."""
    try:
        cargo = motor.cargo_da_inscricao(inscricao)
    except ErroCotas:
        return None
    saidas = [o for o in motor.ocorrencias(cargo) if o.tipo == tipo and o.inscricao == inscricao]
    return saidas[-1].razao if saidas else None


def certame_sem_eventos(
    certame: Certame, regras: Regras, candidatos: TabelaCandidatos
) -> CertameMotor:
    """O certame no motor com estes candidatos, antes de qualquer evento e sem as nomeações
    publicadas: o que a prévia de uma importação confere (`cotas.apuracao`)."""
    return CertameMotor(
        regras,
        cargos={c.codigo: c.vagas_edital for c in certame.cargos.all()},
        candidatos=candidatos,
        validade_ate=certame.validade_ate,
        parametros=leis.parametros_do_certame(certame),
    )


def reencenar_cargo(certame: Certame, cargo: str, *, com_publicadas: bool = True) -> CertameMotor:
    """Um cargo só, reencenado desde o edital num certame que só tem ele, com os candidatos e
    os eventos dele: o mesmo livro do cargo que `reencenar` dá (os cargos não dependem uns dos
    outros), no tempo de um cargo. Para o que só olha um cargo: as consequências de uma
    correção, a preterição (`com_publicadas=False`: o que a lei faria só com a classificação de
    hoje). Levanta `ErroCotas` como `reencenar`."""
    regras = leis.regras_do_certame(certame)
    vagas = certame.cargos.get(codigo=cargo).vagas_edital
    fatos = eventos.fatos_do_certame(certame)
    candidatos = tabela.tabela_de_candidatos(certame, regras, fora=fatos.fora, cargo=cargo)
    inscricoes = set(candidatos.quadro["inscricao"].to_list())
    do_cargo = [
        e
        for e in fatos.eventos
        if e.cargo == cargo or (e.cargo is None and e.inscricao in inscricoes)
    ]
    motor = CertameMotor(
        regras=regras,
        cargos={cargo: vagas},
        candidatos=candidatos,
        validade_ate=certame.validade_ate,
        parametros=leis.parametros_do_certame(certame),
        publicadas=(
            {cargo: publicadas.nomeacoes_publicadas(certame, cargo)} if com_publicadas else {}
        ),
    )
    if fatos.abertura is None:
        return motor
    return motor.apurar(do_cargo, abertura=fatos.abertura)


def reencenar(
    certame: Certame, *, com_publicadas: bool = True, do_banco: bool = False
) -> CertameMotor:
    """Reencena os fatos do certame no motor e devolve o `cotas.motor.certame.Certame`.

    As nomeações publicadas por portaria entram como atos em vigor: ocupam as suas vagas como
    foram publicadas. `com_publicadas=False` dá o que a lei faria só com a classificação de hoje
    (para mostrar quem uma correção teria posto no lugar de um ato publicado). `do_banco`: os
    candidatos lidos do banco, nunca do quadro guardado (a conferência da auditoria).

    Levanta `ErroCotas` (mensagem em português) se um fato contraria a lei, por exemplo uma
    nomeação depois da validade do concurso.
    """
    regras = leis.regras_do_certame(certame)
    cargos = {c.codigo: c.vagas_edital for c in certame.cargos.all()}
    fatos = eventos.fatos_do_certame(certame)
    marca = marcas_.marca(certame.pk)
    # (As marcas antes dos candidatos: um livro guardado nunca leva marca mais nova que o quadro
    # de que foi feito; uma mudança no meio só faz o próximo pedido reapurar.)
    marcas = marcas_.marcas_dos_cargos(certame.pk)
    candidatos = tabela.tabela_de_candidatos(certame, regras, fora=fatos.fora, do_banco=do_banco)
    atos = publicadas.PublicadasDoBanco(certame, list(cargos)) if com_publicadas else {}
    parametros = leis.parametros_do_certame(certame)
    # (Os mesmos argumentos para o certame novo e para o retomado do livro.)
    dados: dict[str, Any] = {
        "regras": regras,
        "cargos": cargos,
        "candidatos": candidatos,
        "validade_ate": certame.validade_ate,
        "parametros": parametros,
        "publicadas": atos,
    }
    if fatos.abertura is None:
        return CertameMotor(**dados)
    if not com_publicadas or do_banco or not marca:
        return CertameMotor(**dados).apurar(fatos.eventos, abertura=fatos.abertura)
    # (O que o livro pressupõe além dos candidatos: a situação pública o combina com o resumo dos
    # candidatos de cada cargo, e uma correção não remonta a dos outros cargos.)
    sem_candidatos = (
        estado.versao_do_motor(),
        regras,
        cargos,
        certame.validade_ate,
        parametros,
        fatos.abertura,
        sorted(fatos.fora),
    )
    return estado.retomar_ou_reencenar(
        certame,
        chave=estado.resumo(sem_candidatos),
        comum=estado.resumo(sem_candidatos),
        marcas=marcas,
        eventos=fatos.eventos,
        abertura=fatos.abertura,
        publicadas=publicadas.resumos_das_publicadas(certame),
        novo=lambda: CertameMotor(**dados),
        retomar=lambda livro_, carregar: livro.retomar(livro_, carregar, **dados),
    )
