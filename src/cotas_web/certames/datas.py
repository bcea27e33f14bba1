"""As datas dos atos conferidas contra o registro, num lugar só (issue 19, item 3).

Um ato não pode ter data anterior à do ato de que depende: a homologação, à última sessão da
comissão e ao último recurso; a decisão de um recurso, à sua interposição; a posse, à nomeação;
a decisão de falsidade, à notificação; um ato que torna outro sem efeito, ao próprio ato; a
nomeação, à nomeação mais recente do cargo. E nenhum ato tem data depois de hoje
(`exigir_ate_hoje`), salvo a sessão da comissão, que se marca antes; o que acontece nela, só
a partir do dia dela (`exigir_sessao_realizada`). Cada recusa
(`ValidationError`) diz as duas datas e os dois atos. Os apps de cima (candidatos, comissao,
nomeacoes) chamam daqui; as datas dos atos deles são lidas pelos nomes das relações, sem
importá-los.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Max, Sum
from django.utils import timezone

from .models import Certame


def dia(valor: date) -> str:
    return f"{valor:%d/%m/%Y}"


def exigir_nao_anterior(
    data: date,
    o_que: str,
    referencia: date | None,
    qual: str,
    *,
    recusado: str = "recusada",
) -> None:
    """`o_que` em `data` recusado se `referencia` (a data de `qual`, o ato de que ele depende)
    é posterior. Ex.: "Homologação em 01/03/2026 recusada: a sessão da comissão de 10/03/2026 é
    posterior; um ato não pode ser anterior ao ato de que depende."."""
    if referencia is not None and data < referencia:
        raise ValidationError(
            f"{o_que} em {dia(data)} {recusado}: {qual} de {dia(referencia)} é posterior; um "
            "ato não pode ser anterior ao ato de que depende."
        )


def exigir_entre_edital_e_hoje(
    certame: Certame,
    data: date,
    o_que: str,
    *,
    recusado: str = "recusada",
    marcado: bool = False,
) -> None:
    """Nenhum ato do certame antes do edital de abertura (a data dele dita na recusa) nem depois
    de hoje (`exigir_ate_hoje`), salvo o que se `marcado` antes (a sessão da comissão)."""
    if data < certame.data_edital:
        raise ValidationError(
            f"{o_que} em {dia(data)} {recusado}: é anterior ao edital, de "
            f"{dia(certame.data_edital)}."
        )
    if not marcado:
        exigir_ate_hoje(data, o_que, recusado=recusado)


def exigir_ate_hoje_na_validade(
    certame: Certame, data: date, o_que: str, *, recusado: str = "recusada"
) -> None:
    """A homologação e os atos depois dela: nem depois do fim da validade, nem depois de hoje
    (um ato se registra depois de assinado; uma portaria de 2027 digitada em 2026 aparecia na
    consulta pública como fato, e uma nomeação futura passava à frente das de hoje)."""
    if certame.validade_ate is not None and data > certame.validade_ate:
        raise ValidationError(
            f"{o_que} em {dia(data)} {recusado}: a validade do concurso terminou em "
            f"{dia(certame.validade_ate)}."
        )
    exigir_ate_hoje(data, o_que, recusado=recusado)


def exigir_ate_hoje(data: date, o_que: str, *, recusado: str = "recusada") -> None:
    """Um ato registrado não tem data depois de hoje: se registra depois de assinado, com a data
    dele (a sessão da comissão, que se marca antes, é a exceção: `exigir_entre_edital_e_hoje`)."""
    hoje = timezone.localdate()
    if data > hoje:
        raise ValidationError(
            f"{o_que} em {dia(data)} {recusado}: a data é posterior a hoje, {dia(hoje)}; um "
            "ato se registra depois de assinado, com a data dele."
        )


def exigir_sessao_realizada(sessao: date, o_que: str, *, recusado: str = "recusada") -> None:
    """O que acontece numa sessão da comissão (o comparecimento, as recusas, os votos, o parecer,
    a gravação, as observações da ata, o encerramento) se registra no dia dela ou depois: a
    sessão se marca antes (`exigir_entre_edital_e_hoje(marcado=True)`), os fatos dela não. O
    parecer de uma sessão de 2027 registrado em 2026 travava o certame até 2027: a homologação e
    o ato que torna o parecer sem efeito não podem ser anteriores à sessão."""
    hoje = timezone.localdate()
    if sessao > hoje:
        raise ValidationError(
            f"{o_que} {recusado}: a sessão da comissão é de {dia(sessao)}, depois de hoje "
            f"({dia(hoje)}); o que acontece na sessão se registra no dia dela ou depois."
        )


def exigir_periodo(certame: Certame, data: date, o_que: str, *, recusado: str = "recusada") -> None:
    """Atos depois da homologação só entre ela e o fim da validade, as datas ditas na recusa."""
    exigir_ate_hoje_na_validade(certame, data, o_que, recusado=recusado)
    exigir_nao_anterior(
        data,
        o_que,
        certame.homologado_em,
        "a homologação da classificação final",
        recusado=recusado,
    )


# As datas dos atos do certame, pelos nomes das relações (os apps de cima, nomeacoes e
# candidatos, não são importados daqui), cada uma com o ato que a recusa nomeia. Um agregado por
# relação: juntá-las numa consulta só multiplicaria as linhas. Os atos que tornam outros sem
# efeito também ordenam: desfazem a ordem de nomeação a partir da sua data.
_DATAS_DOS_ATOS = (
    ("cargos__ofertas__data", "a oferta de vagas"),
    ("cargos__ofertas__sem_efeito_em", "o ato que tornou sem efeito uma oferta de vagas"),
    ("cargos__nomeacoes__data_portaria", "a portaria de nomeação"),
    ("cargos__nomeacoes__posse_em", "a posse"),
    (
        "cargos__nomeacoes__encerrada_em",
        "a saída de um nomeado (desistência, prazo de posse, final de fila ou anulação)",
    ),
    ("cargos__nomeacoes__sem_efeito_em", "o ato que tornou sem efeito uma nomeação"),
    ("desistencias__data", "a desistência"),
    ("desistencias__sem_efeito_em", "o ato que tornou sem efeito uma desistência"),
)


# Os que a reencenação pela data pode reordenar (a posse não muda a ordem de nomeação).
_DATAS_QUE_ORDENAM = tuple(c for c in _DATAS_DOS_ATOS if not c[0].endswith("posse_em"))


def _maximo(certame: Certame, caminho: str, **filtros: Any) -> Any:
    """O maior valor de `caminho` (relações a partir do certame, "cargos__nomeacoes__data_portaria")
    entre os atos do certame, consultado a partir do modelo do ato: `Max` pelo certame faria
    LEFT JOIN de todos os candidatos (um milhão) para achar as poucas desistências.
    `filtros`: sobre o modelo do ato."""
    *relacoes, campo = caminho.split("__")
    modelo: Any = Certame
    volta: list[str] = []
    for nome in relacoes:
        relacao = modelo._meta.get_field(nome)  # a relação reversa (a chave está no filho)
        volta.insert(0, relacao.field.name)
        modelo = relacao.related_model
    consulta = modelo.objects.filter(**{"__".join(volta): certame.pk}, **filtros)
    return consulta.aggregate(m=Max(campo))["m"]


def ultimo_ato(certame: Certame, *, so_os_que_ordenam: bool = False) -> tuple[date, str] | None:
    """A data e o nome do ato mais recente do certame (homologação, ofertas, portarias, posses,
    saídas, atos que tornam outros sem efeito); com `so_os_que_ordenam`, sem as posses."""
    achados: list[tuple[date, str]] = []
    if certame.homologado_em is not None:
        achados.append((certame.homologado_em, "a homologação da classificação final"))
    for caminho, qual in _DATAS_QUE_ORDENAM if so_os_que_ordenam else _DATAS_DOS_ATOS:
        m = _maximo(certame, caminho)
        if m is not None:
            achados.append((m, qual))
    # (no empate, o que vem primeiro na lista: a homologação, depois a ordem acima)
    return max(achados, key=lambda a: a[0]) if achados else None


def data_do_ultimo_ato(certame: Certame, *, so_os_que_ordenam: bool = False) -> date | None:
    """A data mais recente entre os atos do certame (`ultimo_ato`)."""
    ultimo = ultimo_ato(certame, so_os_que_ordenam=so_os_que_ordenam)
    return ultimo[0] if ultimo is not None else None


# Os atos que não mudam a ordem de nomeação, mas também só valem dentro da validade.
_OUTROS_ATOS_DENTRO_DA_VALIDADE = (
    ("candidatos__correcoes__data", "a correção de dados de um candidato"),
    ("retificacoes__data", "uma retificação anterior"),
)


def exigir_validade_depois_dos_atos(certame: Certame, validade: date) -> None:
    """A validade retificada não termina antes do ato mais recente já registrado (`ultimo_ato`:
    a homologação, as ofertas, as portarias, as posses, as saídas, os que tornam outros sem
    efeito; e as correções de dados dos candidatos e as retificações anteriores):
    o ato teria sido feito com o concurso já vencido (docs/INTERPRETACAO.md)."""
    achados = [a for a in (ultimo_ato(certame),) if a is not None]
    for caminho, qual in _OUTROS_ATOS_DENTRO_DA_VALIDADE:
        if (m := _maximo(certame, caminho)) is not None:
            achados.append((m, qual))
    ultimo = max(achados, key=lambda a: a[0]) if achados else None
    if ultimo is not None and validade < ultimo[0]:
        raise ValidationError(
            f"Validade até {dia(validade)} recusada: {ultimo[1]} de {dia(ultimo[0])} é "
            "posterior; a validade não termina antes de um ato já registrado."
        )


def exigir_ordem_das_datas(
    certame: Certame, data: date, o_que: str, *, recusado: str = "recusada"
) -> None:
    """Um ato que muda a ordem de nomeação (novas vagas, saídas, final de fila, tornar sem
    efeito) não pode ter data anterior a ato já registrado: o motor reencena os atos pela data, e
    um ato retroativo refaria, em silêncio, nomeações já publicadas por portaria. No mesmo dia,
    vale a ordem do motor (docs/INTERPRETACAO.md#mesmo-dia)."""
    ultimo = ultimo_ato(certame, so_os_que_ordenam=True)
    if ultimo is not None and data < ultimo[0]:
        raise ValidationError(
            f"{o_que} em {dia(data)} {recusado}: já há ato registrado em {dia(ultimo[0])} "
            f"({ultimo[1]}). Atos que mudam a ordem de nomeação se registram na ordem das "
            "datas; um ato com data anterior refaria nomeações já publicadas."
        )


# Os atos da comissão de que a homologação depende: (caminho da data, o ato na mensagem). As
# sessões contam só com verificação registrada e em vigor (uma sessão marcada e vazia não é ato
# de que a homologação dependa; o parecer tornado sem efeito conta pela data do ato que o tornou,
# nunca anterior à sessão, salvo o de uma sessão ainda por acontecer, registrado por engano).
_ATOS_DA_COMISSAO = (
    ("sessoes__data", "a sessão da comissão"),
    ("candidatos__recursos__interposto_em", "o recurso interposto"),
    ("candidatos__recursos__decidido_em", "a decisão do recurso"),
    ("candidatos__recursos__sem_efeito_em", "o ato que tornou sem efeito a decisão do recurso"),
    ("sessoes__convocacoes__sem_efeito_em", "o ato que tornou sem efeito o parecer"),
)


def ultimo_ato_da_comissao(certame: Certame) -> tuple[date, str] | None:
    """A data e o nome do último ato da comissão (sessão com verificação, recurso interposto ou
    decidido, decisão tornada sem efeito), o mais recente de todos."""
    achados: list[tuple[date, str]] = []
    for caminho, qual in _ATOS_DA_COMISSAO:
        extra = (
            {
                "convocacoes__registrado_em__isnull": False,
                "convocacoes__sem_efeito_em__isnull": True,
            }
            if caminho == "sessoes__data"
            else {}
        )
        m = _maximo(certame, caminho, **extra)
        if m is not None:
            achados.append((m, qual))
    return max(achados, key=lambda a: a[0]) if achados else None


def exigir_homologacao_depois_da_comissao(certame: Certame, data: date) -> None:
    """Nenhuma homologação antes da última sessão da comissão ou do último recurso de que ela
    depende (interposto ou decidido)."""
    ultimo = ultimo_ato_da_comissao(certame)
    if ultimo is not None:
        exigir_nao_anterior(data, "Homologação", ultimo[0], ultimo[1])


def exigir_sem_mover_nomeacoes_do_dia(cargo: Any, data: date, o_que: str) -> None:
    """A saída de um nomeado (a vaga dele se recompõe) não tem a data das novas vagas do cargo
    já nomeadas por portaria: no mesmo dia, o livro aplica as saídas antes das novas vagas
    (docs/INTERPRETACAO.md#mesmo-dia), e a recomposição passaria à frente das nomeações já
    publicadas dessas vagas, mudando o número delas (a 6ª passava a 7ª, e duas portarias davam
    o mesmo número). Um ato publicado nunca se move: recusada, com o caminho."""
    ofertas = cargo.ofertas.filter(do_edital=False, sem_efeito_em__isnull=True)
    if not ofertas.filter(data=data).exists():
        return
    antes = ofertas.filter(data__lt=data).aggregate(s=Sum("quantidade"))["s"] or 0
    do_dia = (
        cargo.nomeacoes.exclude(situacao="sem_efeito")
        .filter(vaga__gt=cargo.vagas_edital + antes)
        .order_by("ordem")
        .first()
    )
    if do_dia is not None:
        raise ValidationError(
            f"Não se registra {o_que} com a data de {dia(data)}: as novas vagas de {cargo.codigo} "
            f"oferecidas nesse dia já têm nomeação publicada (Portaria nº {do_dia.portaria}, "
            f"{do_dia.ordem}ª nomeação). No mesmo dia, as saídas valem antes das novas vagas, e "
            "a vaga desta saída passaria à frente dessas nomeações, mudando o número delas; um "
            "ato publicado não se move. Se a saída é mesmo deste dia, torne antes sem efeito as "
            "nomeações das novas vagas do dia e nomeie de novo depois dela."
        )


def exigir_sem_efeito_depois_do_ato(
    data: date, ato: str, data_do_ato: date, *, qual: str | None = None
) -> None:
    """O ato que torna outro sem efeito não é anterior a ele nem posterior a hoje. `qual`: como a
    recusa nomeia a data do ato (o parecer: "a sessão da comissão"), se não for o próprio `ato`
    ("o parecer da sessão de 01/02/2027 de 01/02/2027")."""
    exigir_nao_anterior(
        data, f"Tornar sem efeito {ato}", data_do_ato, qual or ato, recusado="recusado"
    )
    exigir_ate_hoje(data, f"Tornar sem efeito {ato}", recusado="recusado")
